// Errors as values. Every module boundary returns Result<T> or Status; an Error carries where it came
// from (file, line, column), the field path it concerns and the rule that was broken, so a person reading
// a report can find and fix the input without a debugger.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>

namespace dmlc {

struct SourceLocation {
  std::string file;  // empty when the error did not come from a file
  int line = 0;      // 1-based; 0 when unknown
  int column = 0;    // 1-based; 0 when unknown
};

struct Error {
  std::string scope;    // who found it: an operator name ("JOIN"), "case", "npy", a backend name
  std::string path;     // field path, e.g. "InputTensors[1].Sizes[2]"; empty when none applies
  std::string message;  // what is wrong, naming values: "InputTensors[1].Sizes[2] is 3 but ..."
  std::string rule;     // the rule broken, short: "all dimensions but Axis must match"
  // Where `rule` comes from, when it is one of the operator model's (ops/rule.h); empty otherwise.
  std::string rule_id;      // "join.axis-in-range"
  std::string rule_origin;  // "spec", "DirectML API" or "not stated"
  std::string rule_source;  // the document and its sentence, or why we chose where none states it
  SourceLocation where;
  // The backend's device is gone (VK_ERROR_DEVICE_LOST, DXGI_ERROR_DEVICE_REMOVED and friends): nothing
  // more can run on it, so the runner recreates it before the next case.
  bool device_lost = false;

  // "file:line:col: SCOPE: message (rule; origin)", leaving out what is empty.
  std::string ToString() const;
};

// `error` with "context: " before its message: what the caller was doing, added on the way out.
Error WithContext(Error error, const std::string& context);

// Builds an error in one expression: MakeError("JOIN", "Axis", "Axis is 4 ...", "Axis < DimensionCount").
Error MakeError(std::string scope, std::string path, std::string message, std::string rule = {});

// A value or the error that prevented it. Small on purpose: std::expected is C++23.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design, like std::expected
  Result(Error error) : v_(std::move(error)) {}  // NOLINT
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  // std::addressof, not &: a COM smart pointer (WRL ComPtr) overloads operator& to hand out its slot
  // for an out-parameter, releasing what it holds first.
  T* operator->() { return std::addressof(value()); }
  const T* operator->() const { return std::addressof(value()); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  const Error& error() const { return std::get<1>(v_); }
  Error& error() { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

struct Ok {};
using Status = Result<Ok>;
inline Status OkStatus() { return Ok{}; }

}  // namespace dmlc

// Returns the error of a Status/Result expression from the enclosing function.
#define DMLC_RETURN_IF_ERROR(expr)            \
  do {                                        \
    auto dmlc_status_ = (expr);               \
    if (!dmlc_status_.ok()) return dmlc_status_.error(); \
  } while (0)

// DMLC_RETURN_IF_ERROR, adding what the caller was doing to the message on the way out:
//   DMLC_RETURN_IF_ERROR_WITH(MakePipe(pipe), "starting " + program);  // "starting w: pipe2: ..."
// `context` is evaluated only when `expr` failed.
#define DMLC_RETURN_IF_ERROR_WITH(expr, context)                                          \
  do {                                                                                    \
    auto dmlc_status_ = (expr);                                                           \
    if (!dmlc_status_.ok()) return ::dmlc::WithContext(std::move(dmlc_status_.error()), (context)); \
  } while (0)
