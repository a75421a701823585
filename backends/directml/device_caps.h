// What a DirectML device answers about itself, and whether it can run a desc: the highest
// DML_FEATURE_LEVEL (DML_FEATURE_FEATURE_LEVELS) against the lowest level whose support table accepts
// the desc, and DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT for each tensor's data type. Pure: the backend
// queries the device once and this decides, so the decision is unit-tested without DirectML.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "backends/backend.h"
#include "backends/directml/dml_types.h"
#include "backends/directml/translate.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::directml {

struct DeviceCaps {
  DML_FEATURE_LEVEL feature_level = DML_FEATURE_LEVEL_1_0;  // the highest the device supports
  // Indexed by DML_TENSOR_DATA_TYPE (UNKNOWN ... INT64).
  std::array<bool, 12> data_types{};

  // GATHER_ND1 exists from feature level 3_0.
  TranslateOptions translate_options() const { return {.gather_nd1 = feature_level >= DML_FEATURE_LEVEL_3_0}; }
};

// Yes, or No naming the first reason: the level the desc needs above the device's, a data type the
// device does not support, or a desc the device's operators cannot express (batch dimensions without
// GATHER_ND1). Assumes a desc ops::Validate() accepted.
Support SupportsOn(const DeviceCaps& caps, const ops::OperatorDesc& desc);

// "5_1" for 0x5100, "6_4" for 0x6400: DirectML's levels go past the model's.
std::string FeatureLevelText(DML_FEATURE_LEVEL level);

}  // namespace dmlc::backends::directml
