#include "app/engine/compare.h"

#include <bit>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

#include "app/engine/element_walk.h"
#include "app/engine/flush_to_zero.h"
#include "app/engine/tolerance.h"
#include "ops/data_type.h"
#include "ops/float16.h"
#include "ops/check.h"

namespace dmlc::app {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

template <class T>
T Load(const std::byte* base, uint64_t element_offset) {
  T v;
  std::memcpy(&v, base + element_offset * sizeof(T), sizeof(T));
  return v;
}

bool Worse(const Mismatch& a, const Mismatch& b) {
  return a.ulp > b.ulp || (a.ulp == b.ulp && a.abs_error > b.abs_error);
}

// Records one element's errors and, when it fails, the mismatch: among the first, the worst, and on the
// output's error map.
class Recorder {
 public:
  Recorder(const std::vector<uint32_t>& sizes, ops::DataType data_type, std::string_view tensor, size_t max_reported,
           CompareResult& result)
      : sizes_(sizes), data_type_(data_type), tensor_(tensor), max_reported_(max_reported), result_(result) {}
  ~Recorder() {
    if (map_) map_->Finish();
  }
  const std::vector<uint32_t>& sizes() const { return sizes_; }

  void Observe(double ulp, double abs_error) {
    if (ulp > result_.max_ulp) result_.max_ulp = ulp;
    if (abs_error > result_.max_abs_error) result_.max_abs_error = abs_error;
  }
  void Fail(uint64_t linear, Scalar expected, Scalar actual, uint64_t expected_bits, uint64_t actual_bits, double ulp,
            double abs_error) {
    ++result_.mismatches;
    const bool first = result_.first.size() < max_reported_;
    const bool worst = result_.worst.size() < kWorstMismatches ||
                       ulp > result_.worst.back().ulp ||
                       (ulp == result_.worst.back().ulp && abs_error > result_.worst.back().abs_error);
    if (first || worst) {
      const Mismatch m{std::string(tensor_), CoordinatesOf(linear, sizes_), data_type_, expected, actual, ulp,
                       abs_error, expected_bits, actual_bits};
      if (worst) KeepWorst(m);
      if (first) result_.first.push_back(m);
    }
    if (!map_ && result_.maps.size() < kMaxErrorMaps) {
      result_.maps.push_back(MakeErrorMap(std::string(tensor_), data_type_, sizes_));
      map_.emplace(result_.maps.back());
    }
    if (map_) map_->Add(linear, ulp);
  }

 private:
  void KeepWorst(const Mismatch& m) {
    std::vector<Mismatch>& worst = result_.worst;
    worst.insert(std::upper_bound(worst.begin(), worst.end(), m, Worse), m);
    if (worst.size() > kWorstMismatches) worst.pop_back();
  }

  const std::vector<uint32_t>& sizes_;
  ops::DataType data_type_;
  std::string_view tensor_;
  size_t max_reported_;
  CompareResult& result_;
  std::optional<ErrorMapBuilder> map_;  // this output's, from its first mismatch
};

// Floats: Bits is the storage type, decode turns it into a double.
template <class Bits, class Decode>
class FloatRule {
 public:
  FloatRule(const Tolerance& tol, const Admissions& admitted, Decode decode)
      : tol_(tol), bounds_(admitted.element_bounds), decode_(decode),
        zero_signs_equal_(admitted.zero_signs_equal || !IsExact(tol) || !admitted.element_bounds.empty()),
        has_abs_(tol.absolute.has_value() || tol.relative.has_value()), atol_(tol.absolute.value_or(0.0)),
        rtol_(tol.relative.value_or(0.0)) {}

  // Whether actual bits `ab` pass against expected bits `eb` (element `linear`); the errors when they differ.
  bool Passes(Bits eb, Bits ab, uint64_t linear, double* ulp_out = nullptr, double* abs_out = nullptr) const {
    if (eb == ab) return true;
    // An infinite data bound: the data leave the result undetermined (LOG_SUM of a sum within its error
    // of 0), so any answer, NaN and infinities included, is as right as the reference's.
    if (!bounds_.empty() && std::isinf(bounds_[linear])) return true;
    const double e = decode_(eb);
    const double a = decode_(ab);
    const bool e_nan = std::isnan(e), a_nan = std::isnan(a);
    if (e_nan && a_nan) return true;
    const double ulp = e_nan || a_nan ? kInf : static_cast<double>(UlpDistance(eb, ab, kWidth));
    const double abs_error = e_nan || a_nan ? kInf : std::fabs(a - e);
    if (ulp_out != nullptr) *ulp_out = ulp;
    if (abs_out != nullptr) *abs_out = abs_error;
    if (e_nan || a_nan) return false;
    if (e == 0 && a == 0) return zero_signs_equal_;  // only the sign of zero differs
    if (!std::isfinite(e) || !std::isfinite(a)) return false;  // no bound admits an infinity not bit-equal
    return (tol_.ulp && ulp <= static_cast<double>(*tol_.ulp)) ||
           (has_abs_ && abs_error <= atol_ + rtol_ * std::fabs(e)) ||
           (!bounds_.empty() && abs_error <= bounds_[linear]);
  }
  double Value(Bits bits) const { return decode_(bits); }

 private:
  static constexpr int kWidth = sizeof(Bits) * 8;
  const Tolerance& tol_;
  std::span<const double> bounds_;
  Decode decode_;
  bool zero_signs_equal_;  // any error allowed, or the caller says so
  bool has_abs_;
  double atol_, rtol_;
};

// The flushed reference is matched by the actual value flushed too: MIN and MAX select an input, and a
// backend that compares flushed values may return the raw bits of any input tied with the extreme.
template <class Bits>
Bits Flushed(Bits bits) {
  if constexpr (sizeof(Bits) == sizeof(uint32_t)) return FlushedFloat32(bits);
  return bits;
}

template <class Bits, class Decode>
void CompareFloats(const std::byte* e_base, const std::byte* a_base, const std::vector<uint32_t>& strides,
                   const Tolerance& tol, const Admissions& admitted, Recorder& rec, Decode decode) {
  const FloatRule<Bits, Decode> rule(tol, admitted, decode);
  const std::byte* alternative = admitted.alternative.empty() ? nullptr : admitted.alternative.data();
  ForEachElement(rec.sizes(), strides, [&](uint64_t linear, uint64_t offset) {
    const Bits eb = Load<Bits>(e_base, offset);
    const Bits ab = Load<Bits>(a_base, offset);
    double ulp = 0, abs_error = 0;
    const bool passes = rule.Passes(eb, ab, linear, &ulp, &abs_error);
    rec.Observe(ulp, abs_error);
    if (passes || (alternative != nullptr && rule.Passes(Load<Bits>(alternative, offset), Flushed(ab), linear))) return;
    rec.Fail(linear, rule.Value(eb), rule.Value(ab), eb, ab, ulp, abs_error);
  });
}

template <class T>
void CompareIntegers(const std::byte* e_base, const std::byte* a_base, const std::vector<uint32_t>& strides,
                     const Admissions& admitted, Recorder& rec) {
  using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
  const std::byte* alternative = admitted.alternative.empty() ? nullptr : admitted.alternative.data();
  using Unsigned = std::make_unsigned_t<T>;
  ForEachElement(rec.sizes(), strides, [&](uint64_t linear, uint64_t offset) {
    const Wide e = Load<T>(e_base, offset);
    const Wide a = Load<T>(a_base, offset);
    if (e == a) return;
    if (alternative != nullptr && Wide{Load<T>(alternative, offset)} == a) return;
    // The difference of two values of one 64-bit type fits uint64 when taken larger minus smaller.
    const uint64_t diff = e > a ? static_cast<uint64_t>(e) - static_cast<uint64_t>(a)
                                : static_cast<uint64_t>(a) - static_cast<uint64_t>(e);
    const double d = static_cast<double>(diff);
    rec.Observe(d, d);
    rec.Fail(linear, e, a, static_cast<Unsigned>(e), static_cast<Unsigned>(a), d, d);
  });
}

}  // namespace

uint64_t UlpDistance(uint64_t a_bits, uint64_t b_bits, int width) {
  const uint64_t sign = uint64_t{1} << (width - 1);
  const uint64_t a_mag = a_bits & (sign - 1), b_mag = b_bits & (sign - 1);
  const bool a_neg = (a_bits & sign) != 0, b_neg = (b_bits & sign) != 0;
  // IEEE magnitudes are ordered like their bit patterns; across zero the distance is the sum.
  if (a_neg == b_neg) return a_mag > b_mag ? a_mag - b_mag : b_mag - a_mag;
  return a_mag + b_mag;
}

void CompareTensor(const ops::TensorDesc& desc, std::string_view tensor, std::span<const std::byte> expected,
                   std::span<const std::byte> actual, const Tolerance& tolerance, size_t max_reported,
                   CompareResult& result, const Admissions& admitted) {
  DMLC_CHECK(expected.size() >= desc.TotalTensorSizeInBytes && actual.size() >= desc.TotalTensorSizeInBytes)
      << "CompareTensor: buffer smaller than TotalTensorSizeInBytes";
  uint64_t count = 1;
  for (uint32_t s : desc.Sizes) count *= s;
  DMLC_CHECK(admitted.element_bounds.empty() || admitted.element_bounds.size() == count)
      << "CompareTensor: " << admitted.element_bounds.size() << " element bounds for " << count << " elements";
  DMLC_CHECK(admitted.alternative.empty() || admitted.alternative.size() >= desc.TotalTensorSizeInBytes)
      << "CompareTensor: alternative smaller than TotalTensorSizeInBytes";
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc);
  const std::byte* e = expected.data();
  const std::byte* a = actual.data();
  using DT = ops::DataType;
  Recorder rec(desc.Sizes, desc.DataType, tensor, max_reported, result);  // finishes the map when it goes
  switch (desc.DataType) {
    case DT::kFloat16:
      CompareFloats<uint16_t>(e, a, strides, tolerance, admitted, rec,
                              [](uint16_t h) { return double{ops::HalfToFloat(h)}; });
      break;
    case DT::kFloat32:
      CompareFloats<uint32_t>(e, a, strides, tolerance, admitted, rec,
                              [](uint32_t b) { return double{std::bit_cast<float>(b)}; });
      break;
    case DT::kFloat64:
      CompareFloats<uint64_t>(e, a, strides, tolerance, admitted, rec,
                              [](uint64_t b) { return std::bit_cast<double>(b); });
      break;
    case DT::kInt8: CompareIntegers<int8_t>(e, a, strides, admitted, rec); break;
    case DT::kInt16: CompareIntegers<int16_t>(e, a, strides, admitted, rec); break;
    case DT::kInt32: CompareIntegers<int32_t>(e, a, strides, admitted, rec); break;
    case DT::kInt64: CompareIntegers<int64_t>(e, a, strides, admitted, rec); break;
    case DT::kUint8: CompareIntegers<uint8_t>(e, a, strides, admitted, rec); break;
    case DT::kUint16: CompareIntegers<uint16_t>(e, a, strides, admitted, rec); break;
    case DT::kUint32: CompareIntegers<uint32_t>(e, a, strides, admitted, rec); break;
    case DT::kUint64: CompareIntegers<uint64_t>(e, a, strides, admitted, rec); break;
    case DT::kUnknown: DMLC_CHECK(false) << "CompareTensor: unknown data type in a validated desc";
  }
  result.elements += count;
}

}  // namespace dmlc::app
