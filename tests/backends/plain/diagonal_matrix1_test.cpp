// DIAGONAL_MATRIX1 on the plain backend: the shared hand-computed cases (../diagonal_matrix1_cases.h)
// and Value's and the input's bits kept.
#include <gtest/gtest.h>

#include <cstring>

#include "tests/backends/diagonal_matrix1_cases.h"
#include "tests/backends/plain/run_plain.h"

namespace dmlc::backends::testing {
namespace {

TEST(PlainDiagonalMatrix1, HandComputedCases) { ExpectDiagonal1Cases(RunOnPlain); }

TEST(PlainDiagonalMatrix1, KeepsValueAndInputBits) { ExpectDiagonal1BitsKept(RunOnPlain); }

}  // namespace
}  // namespace dmlc::backends::testing
