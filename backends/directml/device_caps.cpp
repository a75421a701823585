#include "backends/directml/device_caps.h"

namespace dmlc::backends::directml {

std::string FeatureLevelText(DML_FEATURE_LEVEL level) {
  const auto value = static_cast<uint32_t>(level);
  return std::to_string(value >> 12) + "_" + std::to_string((value >> 8) & 0xF);
}

Support SupportsOn(const DeviceCaps& caps, const ops::OperatorDesc& desc) {
  const std::optional<ops::FeatureLevel> needed = ops::LowestFeatureLevel(desc);
  if (!needed) return Support::No("no feature level's support table accepts the desc");
  if (static_cast<uint32_t>(ToDml(*needed)) > static_cast<uint32_t>(caps.feature_level)) {
    return Support::No(ops::DisplayName(desc) + " with these tensors needs DML_FEATURE_LEVEL_" +
                       std::string(ops::FeatureLevelName(*needed)) + "; this device's DirectML supports up to " +
                       FeatureLevelText(caps.feature_level));
  }
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    const auto type = static_cast<size_t>(ToDml(b.desc->DataType));
    if (type >= caps.data_types.size() || !caps.data_types[type]) {
      return Support::No(b.name + " is " + std::string(ops::DataTypeName(b.desc->DataType)) +
                         ", which this device does not support (DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT)");
    }
  }
  Result<std::unique_ptr<const DmlOperatorDesc>> translated = Translate(desc, caps.translate_options());
  if (!translated.ok()) return Support::No(translated.error().message);
  return Support::Yes();
}

}  // namespace dmlc::backends::directml
