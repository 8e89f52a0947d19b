// The library versions a project runs with (AnalysisOptions::library_versions): declared in
// tenscan.json's "versions" or with `--library-version`, else read from the versions its
// requirement files pin.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "tenscan/core/analyze.h"

namespace tenscan::ci {

/// The files read for pins, in each directory from the entry's own up to the project's root.
inline constexpr const char* kRequirementFiles[] = {"requirements.txt", "environment.yml", "environment.yaml",
                                                    "setup.py",         "setup.cfg",       "pyproject.toml",
                                                    "Pipfile"};

/// A library's name as tenscan keys its version: lower case, `_` and `.` as `-`, and a build of
/// one library under another distribution name as that library (tensorflow-gpu, tensorflow-cpu
/// and tensorflow-macos are tensorflow).
std::string library_key(std::string_view distribution);

/// The versions `text` (one requirement file's contents) pins exactly: `name==1.8.0` and
/// `name===1.8.0`, `name~=1.8.0` (a compatible release: 1.8.x, taken as 1.8.0), `name==1.8.*`
/// (1.8), conda's `name=1.8.0` and Pipfile's `name = "==1.8.0"`; ranges (`>=`, `<`) pin
/// nothing. Comments, and lines longer than 1024 bytes, are skipped.
std::map<std::string, std::string> pinned_in(std::string_view text);

/// The versions the project's requirement files pin for `entry` (a project-relative path): each
/// directory from the entry's up to the root, a nearer file's pin winning, the files of one
/// directory in kRequirementFiles' order. Read through `sources`, so never outside the project;
/// a file larger than 1 MiB is not read.
std::map<std::string, std::string> pinned_versions(const SourceProvider& sources, const std::string& entry);

/// `--library-version NAME=VERSION` (how the CI driver passes tenscan.json's "versions" to its
/// workers too). Throws ConfigError when it is not of that form.
std::pair<std::string, std::string> parse_library_version(std::string_view text);

}  // namespace tenscan::ci
