// Where the analyzer reads a project's files from: a directory on disk (DirectorySource, which
// never leaves it) or memory (MemorySource).
#include <fstream>
#include <sstream>

#include "tenscan/core/analyze.h"

namespace tenscan {

// ---- DirectorySource -----------------------------------------------------------------------

DirectorySource::DirectorySource(std::filesystem::path root) {
  std::error_code ec;
  root_ = std::filesystem::weakly_canonical(root, ec);
  if (ec) root_ = std::move(root);
}

std::optional<std::filesystem::path> DirectorySource::inside(const std::string& rel_path) const {
  if (rel_path.empty() || rel_path[0] == '/') return std::nullopt;
  std::error_code ec;
  auto p = std::filesystem::weakly_canonical(root_ / rel_path, ec);
  if (ec) return std::nullopt;
  // the resolved path (symlinks followed) must stay under the root
  auto rel = p.lexically_relative(root_);
  if (rel.empty() || *rel.begin() == "..") return std::nullopt;
  return p;
}

std::optional<std::string> DirectorySource::read(const std::string& rel_path, std::string& error) const {
  auto p = inside(rel_path);
  if (!p) {
    error = "the path is outside the project";
    return std::nullopt;
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(*p, ec)) {
    error = ec ? ec.message() : "not a regular file";
    return std::nullopt;
  }
  if (auto size = std::filesystem::file_size(*p, ec); !ec && size > kMaxReadBytes) {
    error = "the file is larger than " + std::to_string(kMaxReadBytes >> 20) + " MiB (" + std::to_string(size) +
            " bytes) and was not read";
    return std::nullopt;
  }
  std::ifstream in(*p, std::ios::binary);
  if (!in) {
    error = "cannot open the file";
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) {
    error = "read error";
    return std::nullopt;
  }
  return ss.str();
}

bool DirectorySource::is_file(const std::string& rel_path) const {
  auto p = inside(rel_path);
  std::error_code ec;
  return p && std::filesystem::is_regular_file(*p, ec);
}

bool DirectorySource::is_dir(const std::string& rel_path) const {
  auto p = inside(rel_path);
  std::error_code ec;
  return p && std::filesystem::is_directory(*p, ec);
}

// ---- MemorySource --------------------------------------------------------------------------

namespace {
// A project-relative path that stays in the project: no empty, '.' or '..' component.
bool stays_inside(const std::string& p) {
  if (p.empty() || p.front() == '/') return false;
  std::size_t start = 0;
  while (true) {
    std::size_t end = p.find('/', start);
    std::string part = p.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (part.empty() || part == "." || part == ".." || part.find('\0') != std::string::npos) return false;
    if (end == std::string::npos) return true;
    start = end + 1;
  }
}
}  // namespace

std::optional<std::string> MemorySource::read(const std::string& rel_path, std::string& error) const {
  if (!stays_inside(rel_path)) {
    error = "path leaves the project: " + rel_path;
    return std::nullopt;
  }
  auto it = files_.find(rel_path);
  if (it == files_.end()) {
    error = "no such file: " + rel_path;
    return std::nullopt;
  }
  return it->second;
}

bool MemorySource::is_file(const std::string& rel_path) const { return stays_inside(rel_path) && files_.count(rel_path) != 0; }

bool MemorySource::is_dir(const std::string& rel_path) const {
  if (rel_path.empty() || rel_path == ".") return true;  // the project root
  if (!stays_inside(rel_path)) return false;
  const std::string prefix = rel_path + "/";
  auto it = files_.lower_bound(prefix);
  return it != files_.end() && it->first.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace tenscan
