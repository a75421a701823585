// Result<ComPtr<T>>, the type Device::CreateBuffer returns: reaching the ComPtr through Result's
// operator-> must neither release nor clear it. WRL's ComPtr overloads operator& to hand out its slot for
// an out-parameter, releasing what it holds first; a Result that took `&value()` gave every
// `buffer->Get()` a null resource (the smoke test's copies then faulted inside the D3D12 runtime).
#include <gtest/gtest.h>

#include "backends/d3d12/d3d12_api.h"
#include "ops/error.h"

namespace dmlc::backends::d3d12 {
namespace {

// A COM object that only counts its references.
class CountingUnknown : public IUnknown {
 public:
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID, void** object) override {
    *object = nullptr;
    return E_NOINTERFACE;
  }
  ULONG STDMETHODCALLTYPE AddRef() override { return ++references; }
  ULONG STDMETHODCALLTYPE Release() override { return --references; }

  ULONG references = 1;  // the test's own reference; the object lives on the stack
};

TEST(ComResult, ArrowReachesTheComPtrWithoutReleasingIt) {
  CountingUnknown object;
  Result<ComPtr<IUnknown>> result = ComPtr<IUnknown>(&object);
  EXPECT_EQ(object.references, 2u);
  EXPECT_EQ(result->Get(), &object);
  EXPECT_EQ(result->Get(), &object);
  EXPECT_EQ(object.references, 2u);
  const Result<ComPtr<IUnknown>>& constant = result;
  EXPECT_EQ(constant->Get(), &object);
  EXPECT_EQ(object.references, 2u);
}

TEST(ComResult, DestroyingTheResultReleasesOnce) {
  CountingUnknown object;
  {
    Result<ComPtr<IUnknown>> result = ComPtr<IUnknown>(&object);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ((*result).Get(), &object);
  }
  EXPECT_EQ(object.references, 1u);
}

}  // namespace
}  // namespace dmlc::backends::d3d12
