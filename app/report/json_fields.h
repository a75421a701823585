// Reads the fields of one JSON object of a report, remembering the first problem (a field missing or of
// the wrong type) with its path, so the report reader's decoders read as lists of fields. Not
// thread-safe; one per object.
#pragma once

#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "ops/error.h"

namespace dmlc::app {

class JsonFields {
 public:
  using Json = nlohmann::ordered_json;

  JsonFields(const Json& json, std::string path) : json_(json), path_(std::move(path)) {
    if (!json_.is_object()) Fail(path_, "is not an object");
  }

  const Json* Get(const char* key, bool required = true) {
    if (!json_.is_object()) return nullptr;
    auto it = json_.find(key);
    if (it == json_.end()) {
      if (required) Fail(Path(key), "is missing");
      return nullptr;
    }
    return &*it;
  }
  template <class T>
  void Read(const char* key, T& into, bool required = true) {
    const Json* j = Get(key, required);
    if (j == nullptr) return;
    try {
      into = j->get<T>();
    } catch (const std::exception&) {
      Fail(Path(key), "has the wrong type (" + std::string(j->type_name()) + ")");
    }
  }
  // A field that may be absent or null: nullopt then.
  template <class T>
  void ReadOptional(const char* key, std::optional<T>& into) {
    const Json* j = Get(key, false);
    if (j == nullptr || j->is_null()) return;
    T value{};
    Read(key, value);
    into = value;
  }
  // A number the writer may have written as "nan", "inf" or "-inf".
  void ReadNumber(const char* key, double& into) {
    const Json* j = Get(key);
    if (j == nullptr) return;
    if (j->is_number()) {
      into = j->get<double>();
    } else if (!DecodeNonFinite(*j, into)) {
      Fail(Path(key), "is not a number");
    }
  }
  std::string Path(const std::string& key) const { return path_ + "." + key; }
  void Fail(const std::string& path, const std::string& what) {
    if (!error_) error_ = MakeError("report", path, path + " " + what);
  }
  const std::optional<Error>& error() const { return error_; }

  static bool DecodeNonFinite(const Json& j, double& into) {
    if (!j.is_string()) return false;
    const std::string& s = j.get_ref<const std::string&>();
    if (s == "nan") into = std::numeric_limits<double>::quiet_NaN();
    else if (s == "inf") into = std::numeric_limits<double>::infinity();
    else if (s == "-inf") into = -std::numeric_limits<double>::infinity();
    else return false;
    return true;
  }

 private:
  const Json& json_;
  std::string path_;
  std::optional<Error> error_;
};

}  // namespace dmlc::app
