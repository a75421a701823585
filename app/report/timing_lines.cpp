#include "app/report/timing_lines.h"

#include <cstdio>

namespace dmlc::app {
namespace {

std::string Fixed(double ms, int decimals) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.*f", decimals, ms);
  return text;
}

// "CPU Timings (Hot)  : 9 samples, 0.0200 ms average, 0.0200 ms min, 0.0200 ms median, 0.0200 ms max"
std::string StatsLine(const char* clock, const char* phase, const TimingStats& s) {
  return std::string(clock) + " Timings " + phase + ": " + std::to_string(s.samples) + " samples, " +
         Fixed(s.mean, 4) + " ms average, " + Fixed(s.min, 4) + " ms min, " + Fixed(s.median, 4) + " ms median, " +
         Fixed(s.max, 4) + " ms max";
}

// `label` is padded as DxDispatch pads it, so that the colons line up.
void AddPhase(std::vector<std::string>& lines, const std::optional<PhaseTiming>& phase, const char* label) {
  if (!phase) return;
  lines.push_back(StatsLine("CPU", label, phase->cpu_ms));
  if (phase->gpu_ms) lines.push_back(StatsLine("GPU", label, *phase->gpu_ms));
}

}  // namespace

std::vector<std::string> TimingLines(const CaseResult& r, bool verbose) {
  if (!r.timing || !r.timing->hot) return {};
  const CaseTiming& t = *r.timing;
  const std::string name = "'" + r.id + "'";
  const std::string dispatch = "Dispatch " + name + ": " + std::to_string(t.iterations) + " iterations";
  if (!verbose) {
    std::string line = dispatch + ", " + Fixed(t.hot->cpu_ms.median, 4) + " ms median (CPU)";
    if (t.hot->gpu_ms) line += ", " + Fixed(t.hot->gpu_ms->median, 6) + " ms median (GPU)";
    return {line};
  }
  std::string compared = "Compared execution " + name + ": " + Fixed(t.compared_cpu_ms, 4) + " ms (CPU)";
  if (t.compared_gpu_ms) compared += ", " + Fixed(*t.compared_gpu_ms, 6) + " ms (GPU)";
  std::vector<std::string> lines = {"Initialize " + name + ": " + Fixed(t.prepare_ms, 4) + " ms", compared, dispatch};
  AddPhase(lines, t.cold, "(Cold) ");
  AddPhase(lines, t.hot, "(Hot)  ");
  return lines;
}

}  // namespace dmlc::app
