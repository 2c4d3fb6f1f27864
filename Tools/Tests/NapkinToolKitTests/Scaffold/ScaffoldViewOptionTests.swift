import Foundation
import Testing

@testable import NapkinToolKit

/// `napkin new --no-view` and `napkin new --view-protocol NAME`: a napkin without a view, and a
/// napkin whose view is one of the app's own.
struct ScaffoldViewOptionTests {
  private static let parent = """
    import Napkin

    final class HubComponent: EmptyComponent, @unchecked Sendable {}

    """

  /// An app's view protocol with a requirement of every shape `new` writes, one with a default,
  /// one only a constrained extension provides, and a `title` the generated view already has.
  private static let screen = """
    import Napkin

    @MainActor
    protocol Screen: ViewControllable {
      var title: String { get }
      var lines: [String] { get }
      var badges: [String: Int] { get }
      var footer: String? { get }
      var isDimmed: Bool { get set }
      var accent: Color { get }
      func handle(_ command: String) -> Bool
      func refresh(animated: Bool)
    }

    @MainActor
    protocol ScrollingScreen: Screen {
      var offset: Int { get }
    }

    extension Screen {
      var accent: Color { .plain }
    }

    extension ScrollingScreen where Self: AnyObject {
      var offset: Int { 0 }
    }

    enum Color { case plain }

    """

  @Test func noViewWritesARouterAndAnInteractorAndNoView() throws {
    let scratch = try ScratchFolder()
    try scratch.write("App/Hub/HubComponent.swift", Self.parent)
    let app = scratch.path + "/App"
    let (status, console) = run(
      "new", "Sync", "--parent", "Hub", "--into", app, "--tests", scratch.path + "/AppTests",
      "--no-view")
    #expect(status == .success, "\(console.errors)")
    #expect(!scratch.exists("App/Sync/SyncView.swift"))
    #expect(!console.output.contains("SyncView"))
    let router = try String(contentsOfFile: app + "/Sync/SyncRouter.swift", encoding: .utf8)
    #expect(router.contains("@MainActor\nprotocol SyncRouting: Routing {}\n"))
    #expect(router.contains("final class SyncRouter: Router<any SyncInteractable>, SyncRouting {"))
    let interactor = try String(
      contentsOfFile: app + "/Sync/SyncInteractor.swift", encoding: .utf8)
    #expect(interactor.contains("final class SyncInteractor: Interactor, SyncInteractable {"))
    #expect(!interactor.contains("Presentable"))
    let builder = try String(contentsOfFile: app + "/Sync/SyncBuilder.swift", encoding: .utf8)
    #expect(
      builder.contains("    return SyncRouter(interactor: interactor, component: component)\n"))
    let test = try String(
      contentsOfFile: scratch.path + "/AppTests/Sync/SyncNapkinTests.swift", encoding: .utf8)
    #expect(test.contains("interactor.finish()"))
    #expect(!test.contains("viewControllable"))

    let result = Analysis.wiring(scratch.path)
    #expect(result.problems == [])
    #expect(result.wiring.component(named: "SyncComponent")?.parents == ["HubComponent"])
    #expect(Linter.findings(in: result.wiring).isEmpty)
  }

  @Test func theViewOfAViewProtocolNapkinConformsToItAndDeclaresWhatNothingProvides() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    try app.write("Views/Screen.swift", Self.screen)
    let (status, console) = run(
      "new", "Badge", "--parent", "Hub", "--into", app.path, "--view-protocol", "ScrollingScreen")
    #expect(status == .success, "\(console.errors)")
    let view = try String(contentsOfFile: app.path + "/Badge/BadgeView.swift", encoding: .utf8)
    #expect(
      view.contains(
        """
        /// The Badge view as its router sees it: a ScrollingScreen, as the app's views are.
        @MainActor
        protocol BadgeViewControllable: ScrollingScreen {}
        """))
    // `title` is the view's own; `accent` has a default; `offset`'s default is constrained, so
    // the view, a plain class, still declares it.
    #expect(
      view.hasSuffix(
        """
          /// The user asked to leave the Badge napkin.
          func close() {
            listener?.didRequestClose()
          }

          // What ScrollingScreen asks of a view, empty until this one has content.
          var offset: Int { 0 }
          var lines: [String] { [] }
          var badges: [String: Int] { [:] }
          var footer: String? { nil }
          var isDimmed: Bool = false
          func handle(_ command: String) -> Bool {
            false
          }
          func refresh(animated: Bool) {}
        }

        """), "\(view)")
    #expect(Linter.findings(in: Analysis.wiring(app.path).wiring).isEmpty)
  }

  @Test(
    "A view protocol the generated view cannot conform to is refused, and nothing is written",
    arguments: [
      ("Nowhere", "no protocol named Nowhere under"),
      ("Plain", "Plain does not refine ViewControllable"),
      ("Modelled", "Modelled asks for `model`, of type Model, which has no empty value"),
      ("Made", "Made asks for an initializer, which only the app can write"),
      ("Listening", "Listening asks for `listener`, which the generated view declares"),
    ])
  func aViewProtocolTheViewCannotConformToIsRefused(_ name: String, _ message: String) throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    try app.write(
      "Views/Protocols.swift",
      """
      import Napkin

      protocol Plain: AnyObject {}
      protocol Modelled: ViewControllable { var model: Model { get } }
      protocol Made: ViewControllable { init(frame: Int) }
      protocol Listening: ViewControllable { var listener: AnyObject? { get } }
      struct Model {}

      """)
    let (status, console) = run(
      "new", "Badge", "--parent", "Hub", "--into", app.path, "--view-protocol", name)
    #expect(status == .inputProblem)
    #expect(console.errors.contains(message), "\(console.errors)")
    #expect(!app.exists("Badge"))
    #expect(!app.exists("Hub/HubComponent+Badge.swift"))
  }

  @Test func aViewProtocolForANapkinWithoutAViewIsAUsageError() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    let (status, console) = run(
      "new", "Badge", "--parent", "Hub", "--into", app.path, "--no-view", "--view-protocol",
      "Screen")
    #expect(status == .usage)
    #expect(console.errors.contains("--no-view asks for a napkin without one"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: app.path) == ["Hub"])
  }

  @Test(
    "Each type's empty value is the one that holds nothing",
    arguments: [
      ("String", "\"\""), ("[String]", "[]"), ("[String: [Int]]", "[:]"), ("[[String: Int]]", "[]"),
      ("Int?", "nil"), ("Optional<Int>", "nil"), ("Bool", "false"), ("Double", "0"),
      ("Set<Int>", "[]"), ("Dictionary<String, Int>", "[:]"),
    ])
  func theEmptyValueOfAType(_ type: String, _ value: String) {
    #expect(ViewProtocol.emptyValue(of: type) == value)
  }

  @Test func aTypeWithoutAnEmptyValueHasNone() {
    #expect(ViewProtocol.emptyValue(of: "Command") == nil)
    #expect(ViewProtocol.emptyValue(of: "any ViewControllable") == nil)
  }
}
