#!/usr/bin/env bash
# Shows that the API check (.ci/api/check.py) fails on a branch that changes a public signature
# without a CHANGELOG line, and passes on it once CHANGELOG.md lists the break. It works in a
# throwaway clone of this repository's HEAD, with the check as it is in the working tree:
#
#   1. a commit adds `public func napkinAPISelfTest(_ value: Int)` to Airframe: the baseline;
#   2. a commit changes the parameter to `String`: a break of a public signature;
#   3. the check against (1) must fail and name `napkinAPISelfTest(_:)`;
#   4. a `### Breaking` line naming it goes into `## [Unreleased]`; the check must pass.
#
# The probe is a function of its own, so the proof does not depend on what the libraries
# declare today. It builds the package twice (the baseline and the branch) in the clone.
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
clone="$work/napkin"

git clone --quiet --no-hardlinks "$repository" "$clone"
cp "$repository/.ci/api/check.py" "$clone/.ci/api/check.py"
cd "$clone"
commit() { git -c user.name=selftest -c user.email=selftest@invalid commit --quiet -a -m "$1"; }

probe=Sources/Airframe/APISelfTestProbe.swift
printf '/// A probe of the API check.\npublic func napkinAPISelfTest(_ value: Int) {}\n' >"$probe"
git add "$probe"
commit "API self-test: the baseline"
baseline="$(git rev-parse HEAD)"

sed -i 's/_ value: Int/_ value: String/' "$probe"
commit "API self-test: a public signature changed"

echo "--- the break, not in CHANGELOG.md: the check must fail"
if python3 .ci/api/check.py --baseline "$baseline" >"$work/unlisted.log" 2>&1; then
  cat "$work/unlisted.log"
  echo "selftest: the API check passed a break that CHANGELOG.md does not list" >&2
  exit 1
fi
cat "$work/unlisted.log"
if ! grep -q '`napkinAPISelfTest(_:)`' "$work/unlisted.log"; then
  echo "selftest: the API check failed without naming napkinAPISelfTest(_:)" >&2
  exit 1
fi

echo "--- the break, listed under ### Breaking in ## [Unreleased]: the check must pass"
python3 - <<'EOF'
import re
text = open("CHANGELOG.md", encoding="utf-8").read()
line = "### Breaking\n\n- `napkinAPISelfTest(_:)` takes a `String`: pass the value's description.\n\n"
text, count = re.subn(r"(## \[Unreleased\]\n\n)", lambda m: m.group(1) + line, text, count=1)
assert count == 1, "CHANGELOG.md has no `## [Unreleased]` heading"
open("CHANGELOG.md", "w", encoding="utf-8").write(text)
EOF
python3 .ci/api/check.py --baseline "$baseline"
echo "selftest: the API check fails on an unlisted break and passes on a listed one"
