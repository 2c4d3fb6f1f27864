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
}
