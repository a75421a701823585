#include "app/case/suggest.h"

#include <gtest/gtest.h>

namespace dmlc::app {
namespace {

constexpr std::string_view kFields[] = {"InputTensor", "IndicesTensor", "OutputTensor", "Axis"};

TEST(SuggestTest, EditDistanceIgnoresAsciiCase) {
  EXPECT_EQ(EditDistance("InputTensr", "InputTensor"), 1u);
  EXPECT_EQ(EditDistance("inputtensor", "InputTensor"), 0u);
  EXPECT_EQ(EditDistance("", "abc"), 3u);
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
}

TEST(SuggestTest, ClosestNameWithinLimitOnly) {
  EXPECT_EQ(ClosestName("InputTensr", kFields), "InputTensor");
  EXPECT_EQ(ClosestName("Axes", kFields), "Axis");
  EXPECT_EQ(ClosestName("Completely", kFields), std::nullopt);
}

TEST(SuggestTest, MessageSuggestsOrListsTheKnownNames) {
  EXPECT_EQ(UnknownNameMessage("field", "InputTensr", kFields),
            "unknown field \"InputTensr\" (did you mean \"InputTensor\"?)");
  EXPECT_EQ(UnknownNameMessage("field", "zzz", kFields),
            "unknown field \"zzz\"; expected one of: InputTensor, IndicesTensor, OutputTensor, Axis");
}

}  // namespace
}  // namespace dmlc::app
