// Every validation rule of the operator model, with its source (ops/rule.h). A rule is checked in one
// place, ops/tensor_desc.cpp or ops/operators/*.cpp, which names it from here; quotes are in the spec
// page's own language, and a test checks that each is in its page. docs/semantics.md, "Rules no
// document states", lists exactly the kNotStated ones (a test checks that too).
#pragma once

#include <array>

#include "ops/rule.h"

namespace dmlc::ops::rule_book {

inline constexpr std::string_view kGatherPage = "000_e7ff9f17cbce3dab.txt";
inline constexpr std::string_view kDiagonalPage = "001_287d4bf35e0a33a9.txt";
inline constexpr std::string_view kJoinPage = "002_8233f32f5498c8d5.txt";
inline constexpr std::string_view kReducePage = "003_26954b91e27ea1ab.txt";
inline constexpr std::string_view kOneHotPage = "004_823ec9f6b4e97de8.txt";
inline constexpr std::string_view kBufferTensorPage = "DML_BUFFER_TENSOR_DESC";
// Not among the spec pages: DirectML's API page (learn.microsoft.com/windows/ai/directml/api/
// ns-directml-dml_diagonal_matrix1_operator_desc), quoted in its English.
inline constexpr std::string_view kDiagonal1Page = "DML_DIAGONAL_MATRIX1_OPERATOR_DESC";

using O = RuleOrigin;

// Tensor descs (DirectML's DML_BUFFER_TENSOR_DESC page and its enumerations).
inline constexpr Rule kTensorDataType{"tensor.data-type", "DataType must be one of the 11 tensor data types", O::kApi,
                                      "DML_TENSOR_DATA_TYPE", "The type of the values in the tensor."};
inline constexpr Rule kTensorFlags{"tensor.flags", "Flags must be NONE (0) or OWNED_BY_DML (1)", O::kApi,
                                   "DML_TENSOR_FLAGS", "Specifies additional options for the tensor."};
inline constexpr Rule kTensorDimensionCount{
    "tensor.dimension-count", "DimensionCount must be 1 to 8", O::kApi, kBufferTensorPage,
    "In DirectML, the dimension count may range from 1 up to 8, depending on the operator."};
inline constexpr Rule kTensorSizesNonzero{"tensor.sizes-nonzero", "sizes must be nonzero", O::kApi, kBufferTensorPage,
                                          "Specifying a size of zero in any dimension is invalid, and will result in "
                                          "an error."};
inline constexpr Rule kTensorStridesCount{"tensor.strides-count", "Strides must have as many entries as Sizes",
                                          O::kApi, kBufferTensorPage,
                                          "This member determines the size of the Sizes and Strides arrays (if "
                                          "provided)."};
inline constexpr Rule kTensorElementCount{
    "tensor.element-count", "the element count must fit in UINT", O::kNotStated, "",
    "Sizes are UINT and no page allows more elements than a UINT counts; such a tensor is refused, not guessed at"};
inline constexpr Rule kTensorArithmetic{"tensor.arithmetic", "size arithmetic must not overflow", O::kNotStated, "",
                                        "sizes and strides whose byte extent overflows 64 bits describe no buffer"};
inline constexpr Rule kTensorTotalSize{"tensor.total-size", "TotalTensorSizeInBytes must be at least the computed size",
                                       O::kApi, kBufferTensorPage,
                                       "TotalTensorSizeInBytes must be at least as large as the minimum implied size "
                                       "given the sizes, strides, and data type of the tensor."};
inline constexpr Rule kTensorTotalSizeMultipleOf4{"tensor.total-size-multiple-of-4",
                                                  "TotalTensorSizeInBytes must be a multiple of 4", O::kApi,
                                                  "DMLCalcBufferTensorSize", "Round up to the nearest 4 bytes."};
inline constexpr Rule kTensorBaseAlignment{"tensor.base-offset-alignment",
                                           "GuaranteedBaseOffsetAlignment must be 0 or a power of two >= 16", O::kApi,
                                           kBufferTensorPage,
                                           "If non-zero, this value must be a power of 2 that is at least 16."};

// Feature levels: every page's tables of supported dimension counts and data types.
inline constexpr Rule kSupportedDimensionCount{"level.dimension-count", "supported dimension count", O::kSpec,
                                               "each page's tensor support tables", "Tensor support"};
inline constexpr Rule kSupportedDataType{"level.data-type", "supported data type", O::kSpec,
                                         "each page's tensor support tables", "Tensor support"};

inline constexpr Rule kOperatorIntroduced{"level.introduced", "operator introduced at feature level", O::kSpec,
                                          "each page's Availability", "This operator was introduced in"};

// GATHER_ND1 (German page).
inline constexpr Rule kGatherSameDimensionCount{
    "gather.same-dimension-count", "IndicesTensor, InputTensor and OutputTensor must have the same DimensionCount",
    O::kSpec, kGatherPage, "IndicesTensor, InputTensor und OutputTensor müssen dieselbe DimensionCount aufweisen."};
inline constexpr Rule kGatherSameDataType{"gather.same-data-type",
                                          "InputTensor and OutputTensor must have the same DataType", O::kSpec,
                                          kGatherPage, "InputTensor und OutputTensor müssen denselben Datentyp aufweisen."};
inline constexpr Rule kGatherIndicesInteger{"gather.indices-integer", "IndicesTensor must have an integer DataType",
                                            O::kSpec, kGatherPage,
                                            "IndicesTensor Eingabe 1 bis 8 INT64, INT32, UINT64, UINT32"};
inline constexpr Rule kGatherInputDimensionCount{"gather.input-dimension-count",
                                                 "InputDimensionCount must be in [1, InputTensor.DimensionCount]",
                                                 O::kSpec, kGatherPage, "im Bereich [1, *InputTensor.DimensionCount*]"};
inline constexpr Rule kGatherIndicesDimensionCount{"gather.indices-dimension-count",
                                                   "IndicesDimensionCount must be in [1, IndicesTensor.DimensionCount]",
                                                   O::kSpec, kGatherPage, "im Bereich [1, IndicesTensor.DimensionCount]"};
inline constexpr Rule kGatherBatchDimensionCount{
    "gather.batch-dimension-count", "BatchDimensionCount must be in [0, DimensionCount)", O::kSpec, kGatherPage,
    "reicht innerhalb von [0, InputTensor.DimensionCount) und [0, IndicesTensor.DimensionCount)"};
inline constexpr Rule kGatherBatchBelowIndicesCount{
    "gather.batch-below-indices-count", "BatchDimensionCount must be less than IndicesDimensionCount", O::kNotStated,
    "", "the batch dimensions are counted among the meaningful ones (the page's example: {3,4} of {5,6,7} minus one)"};
inline constexpr Rule kGatherBatchBelowInputCount{
    "gather.batch-below-input-count", "BatchDimensionCount must be less than InputDimensionCount", O::kNotStated, "",
    "as for the indices: the batch dimensions are counted among the input's meaningful ones"};
inline constexpr Rule kGatherTupleSize{
    "gather.tuple-size", "the index tuple size must be in [1, InputDimensionCount - BatchDimensionCount]", O::kSpec,
    kGatherPage, "ist tatsächlich die Anzahl der Koordinaten pro Indextupel und darf InputTensor.DimensionCount nicht "
                 "überschreiten"};
inline constexpr Rule kGatherOutputRank{"gather.output-rank", "the gathered output must fit in DimensionCount dimensions",
                                        O::kSpec, kGatherPage,
                                        "Die Dimensionen sind rechtsbündig ausgerichtet, wobei führende 1 Werte bei "
                                        "Bedarf vorangestellt werden"};
inline constexpr Rule kGatherLeadingOnes{
    "gather.leading-ones", "dimensions before the meaningful ones must be 1", O::kNotStated, "",
    "the page calls them irrelevant (\"irrelevanter führender Dimensionen\") without saying what a size other than 1 "
    "would mean"};
inline constexpr Rule kGatherBatchSizesMatch{
    "gather.batch-sizes-match", "batch dimensions of InputTensor and IndicesTensor must match", O::kNotStated, "",
    "the pseudocode output[batch, ...] = input[batch, indices[batch, ...], ...] indexes both with one batch, but no "
    "sentence asks for equal sizes"};
inline constexpr Rule kGatherOutputSizes{"gather.output-sizes", "OutputTensor.Sizes must equal the gathered sizes",
                                         O::kSpec, kGatherPage,
                                         "Die erwarteten OutputTensor.Sizes sind die Verkettung der führenden "
                                         "Segmente"};

// DIAGONAL_MATRIX (Russian page).
inline constexpr Rule kDiagonalDimensionCount{"diagonal.dimension-count", "OutputTensor.DimensionCount must be 2 to 4",
                                              O::kSpec, kDiagonalPage,
                                              "Измерения : { Batch1, Batch2, OutputHeight, OutputWidth }"};

// DIAGONAL_MATRIX1 (DirectML's API page, English).
inline constexpr Rule kDiagonal1DimensionCount{"diagonal1.dimension-count",
                                               "OutputTensor.DimensionCount must be 2 to 4", O::kApi, kDiagonal1Page,
                                               "The dimensions are `{ Batch1, Batch2, OutputHeight, OutputWidth }`."};
inline constexpr Rule kDiagonal1ValueDataType{"diagonal1.value-data-type",
                                              "ValueDataType must match OutputTensor.DataType", O::kApi, kDiagonal1Page,
                                              "The data type of the *Value* member, which must match "
                                              "*OutputTensor::DataType*."};
inline constexpr Rule kDiagonal1SameDataType{"diagonal1.same-data-type",
                                             "InputTensor and OutputTensor must have the same DataType", O::kApi,
                                             kDiagonal1Page,
                                             "*InputTensor* and *OutputTensor* must have the same *DataType* and "
                                             "*DimensionCount*."};
inline constexpr Rule kDiagonal1SameDimensionCount{"diagonal1.same-dimension-count",
                                                   "InputTensor and OutputTensor must have the same DimensionCount",
                                                   O::kApi, kDiagonal1Page,
                                                   "*InputTensor* and *OutputTensor* must have the same *DataType* and "
                                                   "*DimensionCount*."};
inline constexpr Rule kDiagonal1InputSizes{
    "diagonal1.input-sizes", "InputTensor.Sizes must equal OutputTensor.Sizes", O::kNotStated, "",
    "the page asks only for the same DataType and DimensionCount; DirectML 1.15.4 refuses every other Sizes with "
    "E_INVALIDARG, broadcastable ones too (probed under Wine)"};

// JOIN (Spanish page).
inline constexpr Rule kJoinInputCount{"join.input-count", "InputCount must be greater than 0", O::kSpec, kJoinPage,
                                      "Este valor debe ser mayor que 0."};
inline constexpr Rule kJoinAxisInRange{"join.axis-in-range", "Axis must be in [0, OutputTensor.DimensionCount - 1]",
                                       O::kSpec, kJoinPage,
                                       "Este valor debe estar en el intervalo [0, OutputTensor.DimensionCount - 1]"};
inline constexpr Rule kJoinSameDimensionCount{"join.same-dimension-count",
                                              "InputTensors and OutputTensor must have the same DimensionCount",
                                              O::kSpec, kJoinPage,
                                              "InputTensors y OutputTensor deben tener el mismo DataType y "
                                              "DimensionCount."};
inline constexpr Rule kJoinSameDataType{"join.same-data-type", "InputTensors and OutputTensor must have the same DataType",
                                        O::kSpec, kJoinPage,
                                        "InputTensors y OutputTensor deben tener el mismo DataType y DimensionCount."};
inline constexpr Rule kJoinOtherSizesMatch{"join.other-sizes-match", "all dimensions but Axis must match", O::kSpec,
                                           kJoinPage,
                                           "Todos los tensores de entrada y salida deben tener tamaños idénticos en "
                                           "todas las dimensiones, excepto para este eje."};
inline constexpr Rule kJoinAxisSum{"join.axis-sum", "OutputTensor.Sizes[Axis] must be the sum of the inputs' Sizes[Axis]",
                                   O::kSpec, kJoinPage, "assert(joinSize == outputTensor->Sizes[Axis]);"};
inline constexpr Rule kJoinSizeFits{"join.size-fits", "the joined size must fit in UINT", O::kNotStated, "",
                                    "Sizes are UINT; a sum past 2^32-1 has no OutputTensor to match"};

// REDUCE (Russian page).
inline constexpr Rule kReduceFunction{"reduce.function", "Function must be one of the 12 DML_REDUCE_FUNCTION values",
                                      O::kSpec, kReducePage, "Тип: DML_REDUCE_FUNCTION"};
inline constexpr Rule kReduceSameDimensionCount{
    "reduce.same-dimension-count", "OutputTensor.DimensionCount must match InputTensor.DimensionCount", O::kSpec,
    kReducePage, "DimensionCount должен соответствовать InputTensor.DimensionCount"};
inline constexpr Rule kReduceAxesInRange{"reduce.axes-in-range", "Axes must be in [0, InputTensor.DimensionCount - 1]",
                                         O::kSpec, kReducePage,
                                         "Значения должны находиться в диапазоне [0, InputTensor.DimensionCount - 1]"};
inline constexpr Rule kReduceOutputSizes{"reduce.output-sizes",
                                         "OutputTensor.Sizes must equal InputTensor.Sizes with reduced axes 1", O::kSpec,
                                         kReducePage,
                                         "Размеры выходных данных должны совпадать с размерами входных данных, за "
                                         "исключением уменьшенных осей, которые должны быть равными 1."};
inline constexpr Rule kReduceSameDataType{"reduce.same-data-type",
                                          "InputTensor and OutputTensor must have the same DataType", O::kSpec,
                                          kReducePage, "Типы входных и выходных тензоров должны совпадать"};
inline constexpr Rule kReduceArgOutputType{"reduce.arg-output-type",
                                           "ARGMIN and ARGMAX output INT32, INT64, UINT32 or UINT64", O::kSpec,
                                           kReducePage, "которые всегда выводят целочисленный тип данных"};
inline constexpr Rule kReduceArgIndexFits{
    "reduce.arg-index-fits", "the output type must hold every index within the reduced axes", O::kNotStated, "",
    "an index the output type cannot hold has no right answer"};

// ONE_HOT (German page).
inline constexpr Rule kOneHotSameDimensionCount{
    "one-hot.same-dimension-count", "IndicesTensor, OutputTensor and ValuesTensor must have the same DimensionCount",
    O::kSpec, kOneHotPage, "IndicesTensor, OutputTensor und ValuesTensor müssen über dieselbe DimensionCount verfügen."};
inline constexpr Rule kOneHotSameDataType{"one-hot.same-data-type",
                                          "OutputTensor and ValuesTensor must have the same DataType", O::kSpec,
                                          kOneHotPage, "OutputTensor und ValuesTensor müssen denselben DataType aufweisen."};
inline constexpr Rule kOneHotIndicesInteger{"one-hot.indices-integer", "IndicesTensor must have an integer DataType",
                                            O::kSpec, kOneHotPage, "IndizesTensor | Eingabe | 1 bis 8 | INT64, INT32, UINT64, UINT32"};
inline constexpr Rule kOneHotAxis{"one-hot.axis", "Axis must be less than IndicesTensor.DimensionCount", O::kSpec,
                                  kOneHotPage, "Dieser Wert muss kleiner als der DimensionCount des IndicesTensor sein."};
inline constexpr Rule kOneHotIndicesSizes{"one-hot.indices-sizes",
                                          "IndicesTensor.Sizes must equal OutputTensor.Sizes except Axis, which is 1",
                                          O::kSpec, kOneHotPage, "Die Größe der Achsendimension muss 1 sein."};
inline constexpr Rule kOneHotValuesCount{"one-hot.values-count", "ValuesTensor must have at least 2 elements", O::kSpec,
                                         kOneHotPage, "solange er mindestens zwei Elemente enthält"};

// Every rule above, for `dml-conform validate --rules` and the tests.
inline constexpr std::array kAll = {
    &kTensorDataType, &kTensorFlags, &kTensorDimensionCount, &kTensorSizesNonzero, &kTensorStridesCount,
    &kTensorElementCount, &kTensorArithmetic, &kTensorTotalSize, &kTensorTotalSizeMultipleOf4, &kTensorBaseAlignment,
    &kSupportedDimensionCount, &kSupportedDataType, &kOperatorIntroduced, &kGatherSameDimensionCount, &kGatherSameDataType,
    &kGatherIndicesInteger, &kGatherInputDimensionCount, &kGatherIndicesDimensionCount, &kGatherBatchDimensionCount,
    &kGatherBatchBelowIndicesCount, &kGatherBatchBelowInputCount, &kGatherTupleSize, &kGatherOutputRank,
    &kGatherLeadingOnes, &kGatherBatchSizesMatch, &kGatherOutputSizes, &kDiagonalDimensionCount,
    &kDiagonal1DimensionCount, &kDiagonal1ValueDataType, &kDiagonal1SameDataType, &kDiagonal1SameDimensionCount,
    &kDiagonal1InputSizes, &kJoinInputCount,
    &kJoinAxisInRange, &kJoinSameDimensionCount, &kJoinSameDataType, &kJoinOtherSizesMatch, &kJoinAxisSum,
    &kJoinSizeFits, &kReduceFunction, &kReduceSameDimensionCount, &kReduceAxesInRange, &kReduceOutputSizes,
    &kReduceSameDataType, &kReduceArgOutputType, &kReduceArgIndexFits, &kOneHotSameDimensionCount,
    &kOneHotSameDataType, &kOneHotIndicesInteger, &kOneHotAxis, &kOneHotIndicesSizes, &kOneHotValuesCount};

}  // namespace dmlc::ops::rule_book
