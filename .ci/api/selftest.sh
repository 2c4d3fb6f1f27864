#!/usr/bin/env bash
# Shows that the API check (.ci/api/check.py) fails on a branch that changes a public signature
# or the isolation of a public declaration without a CHANGELOG line, and passes on it once
# CHANGELOG.md lists the breaks. It works in a throwaway clone of this repository's HEAD, with
# the check as it is in the working tree:
#
#   1. a commit adds probes to Airframe: the baseline. `napkinAPISelfTest(_ value: Int)`; for
#      isolation, which the API digester does not compare, a plain function, a `@MainActor`
#      function, a `nonisolated` member of a `@MainActor` class and a protocol requirement;
#   2. a commit changes each: the parameter to `String`, `@MainActor` added to the plain
#      function and removed from the other, the `nonisolated` removed, the requirement moved to
#      the main actor;
#   3. the check against (1) must fail and name every one of the five;
#   4. a `### Breaking` line naming them goes into `## [Unreleased]`; the check must pass.
#
# The probes are declarations of their own, so the proof does not depend on what the libraries
# declare today. It builds the package twice (the baseline and the branch) in the clone, and the
# libraries twice more for their symbol graphs.
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
clone="$work/napkin"

git clone --quiet --no-hardlinks "$repository" "$clone"
cp "$repository/.ci/api/check.py" "$repository/.ci/api/isolation.py" "$clone/.ci/api/"
cd "$clone"
commit() { git -c user.name=selftest -c user.email=selftest@invalid commit --quiet -a -m "$1"; }

probe=Sources/Airframe/APISelfTestProbe.swift
cat >"$probe" <<'SWIFT'
/// A probe of the API check.
public func napkinAPISelfTest(_ value: Int) {}
/// A probe of the isolation check: a global actor is added.
public func napkinIsolationGained() {}
/// A probe of the isolation check: a global actor is removed.
@MainActor public func napkinIsolationLost() {}
/// A probe of the isolation check: a `nonisolated` member of a main-actor class.
@MainActor public final class NapkinIsolationProbe {
  /// A probe.
  public init() {}
  /// Loses its `nonisolated`, and so becomes main-actor isolated.
  nonisolated public func detached() {}
}
/// A probe of the isolation check: a requirement's isolation changes.
public protocol NapkinIsolationProbeRole {
  /// Moves to the main actor.
  func requirement()
}
SWIFT
git add "$probe"
commit "API self-test: the baseline"
baseline="$(git rev-parse HEAD)"

sed -i -e 's/_ value: Int/_ value: String/' \
  -e 's/^public func napkinIsolationGained/@MainActor public func napkinIsolationGained/' \
  -e 's/^@MainActor public func napkinIsolationLost/public func napkinIsolationLost/' \
  -e 's/  nonisolated public func detached/  public func detached/' \
  -e 's/  func requirement()/  @MainActor func requirement()/' "$probe"
commit "API self-test: a public signature and four isolations changed"
names=('napkinAPISelfTest(_:)' 'napkinIsolationGained()' 'napkinIsolationLost()'
  'NapkinIsolationProbe.detached()' 'NapkinIsolationProbeRole.requirement()')

echo "--- the break, not in CHANGELOG.md: the check must fail"
if python3 .ci/api/check.py --baseline "$baseline" >"$work/unlisted.log" 2>&1; then
  cat "$work/unlisted.log"
  echo "selftest: the API check passed a break that CHANGELOG.md does not list" >&2
  exit 1
fi
cat "$work/unlisted.log"
for name in "${names[@]}"; do
  if ! grep -qF "\`$name\`" "$work/unlisted.log"; then
    echo "selftest: the API check failed without naming $name" >&2
    exit 1
  fi
done
# The digester compares no isolation: each of the four must be found by the isolation check.
for name in "${names[@]:1}"; do
  if ! grep -qF "UNLISTED func $name has changed its isolation" "$work/unlisted.log"; then
    echo "selftest: the isolation check did not report $name" >&2
    exit 1
  fi
done

echo "--- the break, listed under ### Breaking in ## [Unreleased]: the check must pass"
python3 - <<'EOF'
import re
text = open("CHANGELOG.md", encoding="utf-8").read()
line = ("### Breaking\n\n- `napkinAPISelfTest(_:)` takes a `String`: pass the value's description.\n"
        "- `napkinIsolationGained()`, `napkinIsolationLost()`, `NapkinIsolationProbe.detached()` "
        "and `NapkinIsolationProbeRole.requirement()` changed isolation: call them from the "
        "main actor.\n\n")
text, count = re.subn(r"(## \[Unreleased\]\n\n)", lambda m: m.group(1) + line, text, count=1)
assert count == 1, "CHANGELOG.md has no `## [Unreleased]` heading"
open("CHANGELOG.md", "w", encoding="utf-8").write(text)
EOF
python3 .ci/api/check.py --baseline "$baseline"
echo "selftest: the API check fails on unlisted breaks of a signature and of isolation, and passes on listed ones"
