// JUnit XML for GitLab's test report (artifacts:reports:junit) and GitHub JUnit actions
// (research ci-sarif.md §3.2, §4.4). The layout:
//
//   <testsuites name="tenscan" tests failures errors time>
//     <testsuite name="ENTRY" tests failures errors skipped time>      one per entry script
//       <testcase classname="ENTRY" name="tenscan" time>               the entry itself: passes
//         <error type="crashed|timed-out|out-of-memory|failed" ...>    when it was analysed
//         <system-out>unchanged findings</system-out>
//       </testcase>
//       <testcase classname="FILE" name="RULE-ID" file="FILE" line="FIRST-LINE">
//         <failure type="RULE-ID" message="FIRST MESSAGE">path:line:col: level: message ...</failure>
//       </testcase>                                                    one per (file, rule) that fired
//
// Identity is (classname, name) and contains no line numbers, so GitLab's "newly failed" means
// "the rule newly fires in the file" (§3.2). A (file, rule) testcase appears once in the
// document, in the testsuite of the first entry (in path order) that reported one of its
// findings; every (classname, name) pair is unique. `file` and `line` are extensions GitLab
// and GitHub actions read (jenkins-junit.xsd does not allow them).
//
// Suppressed findings are left out. When a baseline was compared only New findings become
// failures; Unchanged ones are listed in the <system-out> of the owning entry's testcase, so
// a pre-existing finding never fails the test report and "newly failed" stays meaningful.
#pragma once

#include <string>

#include "tenscan/report/run.h"

namespace tenscan::report {

/// The JUnit XML document (UTF-8; characters XML 1.0 forbids, and invalid UTF-8, become
/// U+FFFD).
std::string render_junit(const RunReport& run);

}  // namespace tenscan::report
