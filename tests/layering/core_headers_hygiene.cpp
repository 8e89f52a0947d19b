// Layering check: tenscan's public core headers (core/include/tenscan/core/) must be usable by
// a library client without dragging in the dependencies that core is forbidden to have: no
// JSON (nlohmann), no libgit2, no POSIX process handling (<unistd.h>). Those belong to the
// reporters and the CLI. This translation unit includes every public header and refuses to
// compile if any of them (transitively) defined one of those headers' include guards.
//
// Built as the OBJECT library `layering_hygiene` (tests/layering/CMakeLists.txt), which also
// builds canary variants that include a forbidden header on purpose and must fail to compile
// (tests layering/hygiene-canary-*), proving the checks below can fire.

#if defined(TENSCAN_HYGIENE_CANARY_UNISTD)
#include <unistd.h>
#elif defined(TENSCAN_HYGIENE_CANARY_JSON)
#include <nlohmann/json.hpp>
#elif defined(TENSCAN_HYGIENE_CANARY_GIT2)
#include <git2.h>
#endif

// Every public header (tests/layering/CMakeLists.txt verifies at configure time that this
// list names every header in core/include/tenscan/core/).
#include "tenscan/core/analyze.h"
#include "tenscan/core/finding.h"
#include "tenscan/core/rules.h"
#include "tenscan/core/edits.h"
#include "tenscan/core/space_region.h"
#include "tenscan/core/sanitizers.h"

// nlohmann/json: the guard of json.hpp (older releases: NLOHMANN_JSON_HPP; 3.11+:
// INCLUDE_NLOHMANN_JSON_HPP_), of json_fwd.hpp, and the version macro every release defines.
#if defined(NLOHMANN_JSON_HPP) || defined(INCLUDE_NLOHMANN_JSON_HPP_) || defined(NLOHMANN_JSON_FWD_HPP) || \
    defined(INCLUDE_NLOHMANN_JSON_FWD_HPP_) || defined(NLOHMANN_JSON_VERSION_MAJOR)
#error \
    "a public tenscan core header includes nlohmann/json: JSON belongs to the reporters (sarif/), not to core"
#endif

// libgit2: git2.h's guard (INCLUDE_git2_h__ in some releases, INCLUDE_git_git_h__ in others),
// the guard of git2/common.h that every git2 header includes, and the version macro.
#if defined(INCLUDE_git2_h__) || defined(INCLUDE_git_git_h__) || defined(INCLUDE_git_common_h__) || \
    defined(LIBGIT2_VERSION)
#error "a public tenscan core header includes libgit2: git handling belongs to the CLI, not to core"
#endif

// <unistd.h>: glibc's and musl's guard.
#if defined(_UNISTD_H) || defined(_UNISTD_H_)
#error "a public tenscan core header includes <unistd.h>: process handling belongs to the CLI, not to core"
#endif

namespace tenscan_layering {

// Use the headers, so that they are not only included but also compile as a client sees them.
inline const char* hygiene_probe() {
  tenscan::AnalysisOptions options;
  tenscan::AnalysisResult result;
  (void)options;
  (void)result;
  return tenscan::level_name(tenscan::Level::Error);
}

}  // namespace tenscan_layering
