import Foundation
import Testing

@testable import NapkinToolKit

/// `napkin graph --format html`: one page that needs nothing from outside, checked in a real
/// browser.
struct HTMLGraphTests {
  static let homeNapkinComponents = [
    "AppComponent", "RootComponent", "LoggedInComponent", "LoggedOutComponent", "HomeComponent",
    "ProfileComponent", "SettingsComponent",
  ]

  private static let browserAvailable =
    HeadlessBrowser.executable != nil || HeadlessBrowser.isRequired

  @Test func thePageIsSelfContained() {
    let html = GraphFormat.html.render(
      Analysis.wiring(Paths.examples + "/HomeNapkin").wiring, problems: [])
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    for outside in ["http://", "https://", "src=", "<link", "@import", "url("] {
      #expect(!html.contains(outside), "the page refers to something outside: \(outside)")
    }
  }

  @Test func namesFromTheSourcesCannotCloseTheScript() {
    let wiring = Analysis.wiring(
      source: """
        final class `</script><script>alert(1)</script>`: EmptyComponent {}
        """)
    let html = GraphFormat.html.render(wiring, problems: [])
    #expect(html.components(separatedBy: "</script>").count == 4)
    #expect(html.contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"))
  }

  @Test func eachComponentCarriesItsMembersEdgesAndFindings() throws {
    let wiring = Analysis.wiring(Paths.fixture("SharedCycle/Found")).wiring
    let document = HTMLGraph.document(
      wiring, findings: Linter.findings(in: wiring), problems: [])
    let home = try #require(document.components.first { $0.name == "HomeComponent" })
    #expect(home.children.map(\.via) == ["ProfileDependency", "SettingsDependency"])
    let shared = try #require(home.groups.first { $0.kind == "shared" })
    #expect(shared.members.map(\.name) == ["session", "analytics", "theme"])
    #expect(
      shared.members.first?.location.hasSuffix("SharedCycle/Found/HomeComponent.swift:6") == true)
    #expect(home.findings.map(\.rule) == ["shared-cycle", "shared-cycle"])
    let settings = try #require(document.components.first { $0.name == "SettingsComponent" })
    #expect(settings.findings.map(\.rule) == ["shared-cycle"])
  }

  @Test(
    .enabled(
      if: browserAvailable,
      "no headless Chromium on PATH (bash .ci/run tools installs it and requires it)"))
  func thePageRendersEveryHomeNapkinComponentInABrowserWithoutScriptErrors() throws {
    let scratch = try ScratchFolder()
    let graph = try NapkinProcess.run(
      ["graph", "--format", "html", Paths.examples + "/HomeNapkin"])
    #expect(graph.status == 0, "\(graph.errors)")
    let page = try scratch.write("tree.html", graph.output)
    let browser = try HeadlessBrowser.dump(page, in: scratch)
    #expect(browser.status == 0, "\(browser.errors)")
    #expect(browser.output.contains(#"data-rendered="7""#))
    #expect(!browser.output.contains(#"data-script-errors=""#))
    #expect(!browser.errors.contains("Uncaught"))
    for name in Self.homeNapkinComponents {
      #expect(browser.output.contains(#"data-component="\#(name)""#), "\(name) is not drawn")
    }
  }

  /// The check above can fail: a page whose data is broken records the error where it looks.
  @Test(
    .enabled(
      if: browserAvailable,
      "no headless Chromium on PATH (bash .ci/run tools installs it and requires it)"))
  func aScriptErrorOnThePageIsSeenByTheCheck() throws {
    let scratch = try ScratchFolder()
    let html = GraphFormat.html.render(
      Analysis.wiring(Paths.fixture("CleanTree")).wiring, problems: [])
    let broken = html.replacingOccurrences(of: #""roots" : ["#, with: #""roots" : [}"#)
    #expect(broken != html)
    let page = try scratch.write("broken.html", broken)
    let browser = try HeadlessBrowser.dump(page, in: scratch)
    #expect(browser.output.contains(#"data-script-errors=""#))
    #expect(!browser.output.contains(#"data-rendered=""#))
  }

  /// Chips that wrap onto a second line stay right of the row's label, in their own column.
  @Test(
    .enabled(
      if: browserAvailable,
      "no headless Chromium on PATH (bash .ci/run tools installs it and requires it)"))
  func aWrappedRowOfMembersStartsRightOfItsLabel() throws {
    let members = (0..<30).map { "  var sharedMemberNumber\($0): Thing { shared { Thing() } }" }
    let wiring = Analysis.wiring(
      source: "final class WideComponent: EmptyComponent {\n"
        + members.joined(separator: "\n") + "\n}\n")
    let probe = """
      <script>
      window.addEventListener("load", function () { setTimeout(function () {
        var wrapped = 0, under = 0;
        document.querySelectorAll(".group").forEach(function (row) {
          var right = row.querySelector(".kind").getBoundingClientRect().right;
          var chips = row.querySelectorAll(".member");
          var top = chips[0].getBoundingClientRect().top;
          chips.forEach(function (chip) {
            var box = chip.getBoundingClientRect();
            if (box.top > top + 2) { wrapped++; }
            if (box.left < right) { under++; }
          });
        });
        document.body.setAttribute("data-wrapped", String(wrapped));
        document.body.setAttribute("data-under-label", String(under));
      }, 0); });
      </script>
      """
    let html = GraphFormat.html.render(wiring, problems: [])
    let scratch = try ScratchFolder()
    let page = try scratch.write(
      "wide.html", html.replacingOccurrences(of: "</body>", with: probe + "</body>"))
    let browser = try HeadlessBrowser.dump(page, in: scratch)
    #expect(browser.output.contains(#"data-under-label="0""#), "\(browser.errors)")
    #expect(!browser.output.contains(#"data-wrapped="0""#))
    #expect(browser.output.contains("data-wrapped="))
  }

  /// Diamonds 22 levels deep: the old script drew each shared child under each parent, 2^22
  /// boxes, and recursed once per level; each component is drawn once now, and a 600-deep
  /// chain is drawn 64 levels at a time.
  @Test(
    .enabled(
      if: browserAvailable,
      "no headless Chromium on PATH (bash .ci/run tools installs it and requires it)"))
  func sharedChildrenAndDeepChainsAreEachDrawnOnce() throws {
    let scratch = try ScratchFolder()
    let cases = [
      ("diamonds", DeepInputTests.diamonds(22), 45), ("chain", DeepInputTests.chain(600), 601),
    ]
    for (name, source, components) in cases {
      let html = GraphFormat.html.render(Analysis.wiring(source: source), problems: [])
      let page = try scratch.write(name + ".html", html)
      let browser = try HeadlessBrowser.dump(page, in: scratch)
      #expect(!browser.output.contains(#"data-script-errors=""#), "\(name): \(browser.errors)")
      let boxes = browser.output.components(separatedBy: #"data-component=""#).count - 1
      #expect(boxes == components, "\(name)")
    }
  }

  // MARK: A running app's state on the page (issue 21) and `why` on click (issue 20)

  /// The page of HomeNapkin, written by the built `napkin` with `extra` arguments.
  private static func homeNapkinPage(
    _ extra: [String] = [], in scratch: ScratchFolder, named name: String = "page.html"
  ) throws -> String {
    let graph = try NapkinProcess.run(
      ["graph", "--format", "html"] + extra + [Paths.examples + "/HomeNapkin"])
    #expect(graph.status == 0, "\(graph.errors)")
    return try scratch.write(name, graph.output)
  }

  /// `data-state` of each HomeNapkin component in a dumped DOM.
  private static func states(in dom: String) -> [String: String] {
    var states: [String: String] = [:]
    for name in homeNapkinComponents {
      states[name] = HeadlessBrowser.attribute("data-state", ofComponent: name, in: dom)
    }
    return states
  }

  /// What ``SnapshotSample/loggedIn`` says of each component.
  private static let loggedInStates = [
    "AppComponent": "live", "RootComponent": "active", "LoggedInComponent": "active",
    "HomeComponent": "inactive", "ProfileComponent": "absent", "SettingsComponent": "absent",
    "LoggedOutComponent": "detached",
  ]

  /// The page follows each member's one step up (`from`) and down (`readers`), as its script
  /// does; followed here, the steps give `napkin why`'s answer for every member of HomeNapkin.
  @Test func eachMembersStepsLeadToWhatNapkinWhyAnswers() throws {
    let wiring = Analysis.wiring(Paths.examples + "/HomeNapkin").wiring
    let document = HTMLGraph.document(wiring, findings: [], problems: [])
    var index: [String: [String: HTMLGraph.Member]] = [:]
    for component in document.components {
      for member in component.groups.flatMap(\.members)
      where index[component.name]?[member.name] == nil {
        index[component.name, default: [:]][member.name] = member
      }
    }
    var checked = 0
    for component in document.components {
      let node = try #require(wiring.component(named: component.name))
      for member in component.groups.flatMap(\.members) {
        let expected = MemberOrigin.answer(for: member.name, from: node, in: wiring)
        var chain = [component.name]
        var visited: Set<String> = [component.name]
        var current: HTMLGraph.Member? = member
        while let from = current?.from, visited.insert(from.component).inserted {
          chain.append(from.component)
          current = index[from.component]?[from.member]
        }
        #expect(chain == expected.chain.map(\.component), "\(component.name).\(member.name)")
        var readers: [String] = []
        var seen: Set<String> = [component.name]
        var pending = [(component.name, member.name)]
        while let (name, read) = pending.popLast() {
          for reader in index[name]?[read]?.readers ?? []
          where seen.insert(reader.component).inserted {
            readers.append(reader.component)
            pending += reader.passes.map { (reader.component, $0) }
          }
        }
        #expect(readers.sorted() == expected.readers.map(\.component))
        checked += 1
      }
    }
    #expect(checked >= 15)
    let profile = try #require(index["ProfileComponent"]?["userService"])
    #expect(profile.from?.component == "HomeComponent")
    #expect(profile.position.hasPrefix(profile.location + ":"))
  }

  @Test(
    .enabled(
      if: browserAvailable,
      "no headless Chromium on PATH (bash .ci/run tools installs it and requires it)"))
  func aClickOnAMemberShowsWhatNapkinWhyPrints() throws {
    let scratch = try ScratchFolder()
    let page = try Self.homeNapkinPage(in: scratch)
    let probe = """
      <script>
      window.addEventListener("load", function () {
        document.querySelector('[data-component="ProfileComponent"] [data-member="userService"]')
          .click();
      });
      </script>
      """
    let html = try String(contentsOfFile: page, encoding: .utf8)
    try scratch.write(
      "page.html", html.replacingOccurrences(of: "</body>", with: probe + "</body>"))
    let browser = try HeadlessBrowser.dump(page, in: scratch)
    #expect(!browser.output.contains(#"data-script-errors=""#), "\(browser.errors)")
    let shown = browser.output.components(separatedBy: #"<div class="why-line">"#).dropFirst()
      .map { String($0[..<($0.range(of: "</div>")?.lowerBound ?? $0.endIndex)]) }
      // A line's parts are spans: their text, joined, is the line.
      .map { $0.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression) }
      .map {
        $0.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
          .replacingOccurrences(of: "&amp;", with: "&")
      }
    let wiring = Analysis.wiring(Paths.examples + "/HomeNapkin").wiring
    let node = try #require(wiring.component(named: "ProfileComponent"))
    let expected = MemberOrigin.answer(for: "userService", from: node, in: wiring).lines
    #expect(expected.count >= 6)
    #expect(shown == expected)
    #expect(browser.output.contains("Why ProfileComponent.userService"))
  }

  @Test(
    .enabled(
      if: browserAvailable,
      "no headless Chromium on PATH (bash .ci/run tools installs it and requires it)"))
  func aSnapshotIsDrawnOnTheTreeWithItsTextAsText() throws {
    let scratch = try ScratchFolder()
    let snapshot = try scratch.write("tree.json", SnapshotSample.loggedIn)
    let page = try Self.homeNapkinPage(["--snapshot", snapshot], in: scratch)
    let browser = try HeadlessBrowser.dump(page, in: scratch)
    let dom = browser.output
    #expect(!dom.contains(#"data-script-errors=""#), "\(browser.errors)")
    #expect(dom.contains(#"data-rendered="7""#))
    #expect(Self.states(in: dom) == Self.loggedInStates)
    #expect(dom.contains("detached 0.4 s ago, still alive"))
    #expect(dom.contains("built ×3"))
    #expect(dom.contains(#"data-built="3""#))
    // The description is shown, as text: its markup is escaped in the DOM, no element.
    #expect(dom.contains("alice &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
    #expect(!dom.contains("<img"))
    #expect(dom.contains("snapshot: 3 attached (2 active), 1 detached but alive"))
  }

  /// `?live=tree.json`: read every second, the marks follow the file in place: the search box,
  /// its highlights and the scroll position stay, and the page is not reloaded.
  @Test(
    .enabled(
      if: browserAvailable,
      "no headless Chromium on PATH (bash .ci/run tools installs it and requires it)"))
  func theLivePageFollowsTheSnapshotInPlace() throws {
    let scratch = try ScratchFolder()
    try scratch.write("tree.json", SnapshotSample.loggedIn)
    try scratch.write("later.json", SnapshotSample.loggedOut)
    let page = try Self.homeNapkinPage(in: scratch)
    // After the first read, later reads get later.json: the app signed out meanwhile. The
    // probe types in the search box and scrolls first, then records what they are once the
    // page shows the signed-out tree.
    let probe = """
      <script>
      (function () {
        var open = XMLHttpRequest.prototype.open;
        var first = true;
        var search = document.getElementById("search");
        window.napkinProbe = "the same page";
        function typed() {
          search.value = "analytics";
          search.dispatchEvent(new Event("input"));
          window.scrollTo(0, 150);
        }
        XMLHttpRequest.prototype.open = function (method, url) {
          if (!first) { url = String(url).replace(/tree[.]json$/, "later.json"); }
          first = false;
          return open.apply(this, [method, url]);
        };
        var timer = setInterval(function () {
          var html = document.documentElement;
          if (html.getAttribute("data-live-updates") === "1" && !html.hasAttribute("data-typed")) {
            html.setAttribute("data-first-home",
              document.querySelector('[data-component="HomeComponent"]').getAttribute("data-state"));
            typed();
            html.setAttribute("data-typed", String(window.scrollY));
          }
          var out = document.querySelector('[data-component="LoggedOutComponent"]');
          if (html.hasAttribute("data-typed") && out.getAttribute("data-state") === "active") {
            clearInterval(timer);
            html.setAttribute("data-probe-search", search.value);
            html.setAttribute("data-probe-hits", String(document.querySelectorAll(".hit").length));
            html.setAttribute("data-probe-scroll", String(window.scrollY));
            html.setAttribute("data-probe-same", window.napkinProbe || "reloaded");
          }
        }, 50);
      })();
      </script>
      """
    let html = try String(contentsOfFile: page, encoding: .utf8)
    try scratch.write(
      "page.html", html.replacingOccurrences(of: "</body>", with: probe + "</body>"))
    let browser = try HeadlessBrowser.dump(
      page, query: "?live=tree.json", readingFiles: true, budget: 6000, in: scratch)
    let dom = browser.output
    #expect(!dom.contains(#"data-script-errors=""#), "\(browser.errors)")
    #expect(dom.contains(#"data-first-home="inactive""#), "the first read was not drawn")
    #expect(
      Self.states(in: dom) == [
        "AppComponent": "live", "RootComponent": "active", "LoggedInComponent": "absent",
        "HomeComponent": "absent", "ProfileComponent": "absent", "SettingsComponent": "absent",
        "LoggedOutComponent": "active",
      ])
    #expect(dom.contains(#"data-probe-search="analytics""#))
    #expect(!dom.contains(#"data-probe-hits="0""#))
    #expect(dom.contains(#"data-probe-same="the same page""#))
    let scrolled = try #require(
      dom.range(of: #"data-typed=""#).map { dom[$0.upperBound...].prefix { $0 != "\"" } })
    #expect(scrolled != "0")
    #expect(dom.contains(#"data-probe-scroll="\#(scrolled)""#))
    #expect(dom.contains("live: tree.json, 2 attached (2 active), 0 detached but alive"))
  }

  /// A snapshot that cannot be read is said on the page, and read again; a URL that is not
  /// beside the page is never read.
  @Test(
    .enabled(
      if: browserAvailable,
      "no headless Chromium on PATH (bash .ci/run tools installs it and requires it)"))
  func theLivePageSaysWhenItCannotReadAndKeepsTrying() throws {
    let scratch = try ScratchFolder()
    let page = try Self.homeNapkinPage(in: scratch)
    let missing = try HeadlessBrowser.dump(
      page, query: "?live=missing.json", readingFiles: true, budget: 3500, in: scratch)
    #expect(missing.output.contains("live: cannot read missing.json ("), "\(missing.errors)")
    let failures = missing.output.range(of: #"data-live-failures=""#).map {
      Int(missing.output[$0.upperBound...].prefix { $0 != "\"" }) ?? 0
    }
    #expect((failures ?? 0) >= 2, "it did not try again")
    try scratch.write(
      "graph.json",
      GraphFormat.json.render(
        Analysis.wiring(Paths.fixture("CleanTree")).wiring, problems: []))
    let graph = try HeadlessBrowser.dump(
      page, query: "?live=graph.json", readingFiles: true, budget: 1500, in: scratch)
    #expect(graph.output.contains(#"(kind "graph", not "tree-snapshot")"#))
    let away = try HeadlessBrowser.dump(
      page, query: "?live=https://example.com/tree.json", readingFiles: true, budget: 1500,
      in: scratch)
    #expect(away.output.contains("is not beside the page; give a relative path such as tree.json"))
    #expect(!away.output.contains(#"data-live-reads=""#))
  }
}
