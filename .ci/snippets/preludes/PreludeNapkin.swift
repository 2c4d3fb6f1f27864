// What the snippets in Napkin's doc comments assume: the HomeNapkin example (through
// `@testable import`, as in the articles), a few values a test would have made, and sketches of
// the example's routers for the snippets that show a method's body. `.ci/snippets/check.py`
// compiles each snippet together with this file.
import Foundation
import Napkin
import NapkinTesting
import Observation
import Testing

@testable import HomeNapkin

let userService = UserService()
let rootComponent = RootComponent(dependency: AppComponent())
let loggedInComponent = LoggedInComponent(dependency: rootComponent)
let homeComponent = HomeComponent(dependency: loggedInComponent)

@MainActor let terminal = Terminal()
@MainActor let host = Terminal()
@MainActor let view = HomeView()
@MainActor let interactor = HomeInteractor(
  presenter: view, userService: userService, analytics: HomeAnalytics(userService: userService))
@MainActor let router = Router(interactor: Interactor())
@MainActor let child: any Routing = Router(interactor: Interactor())
@MainActor let root = RootBuilder(dependency: AppComponent()).build(leakDetector: .shared)
@MainActor let detector = LeakDetector(gracePeriod: .seconds(1)) { _ in }
@MainActor var reports: [LeakReport] = []

let report = LeakReport(
  typeName: "HomeInteractor", role: .interactor, napkinName: "HomeRouter", outlived: .seconds(1))

/// A logger, for the snippets that log a report.
struct Logger: Sendable {
  func warning(_ message: String) {}
}

let log = Logger()

/// Home's router, with the builders and the presented child its method snippets use.
class HomeRouterSketch: ViewableRouter<any HomeInteractable, any HomeViewControllable> {
  var profileBuilder: any ProfileBuildable { ProfileBuilder(dependency: homeComponent) }
  var settingsBuilder: any SettingsBuildable { SettingsBuilder(dependency: homeComponent) }
  var profile: (any ViewableRouting)?
}

/// LoggedIn's router, for the snippets that attach Home.
class LoggedInRouterSketch: Router<any LoggedInInteractable> {
  var homeBuilder: any HomeBuildable { HomeBuilder(dependency: loggedInComponent) }
}

/// A cache a component shares, for the snippets of `shared`.
final class ImageCache: Sendable {}

/// Notification observers to remove when a napkin resigns.
@MainActor
final class Notifications {
  func addObserver(_ handler: @escaping @MainActor () -> Void) -> Int { 0 }
  func removeObserver(_ token: Int) {}
}

@MainActor let notifications = Notifications()

/// Unsaved input to keep when a napkin resigns.
final class Draft: Sendable {
  func save() {}
}

/// An interactor with the members its hook snippets use.
class InteractorSketch: Interactor {
  let analytics = HomeAnalytics(userService: userService)
  let draft = Draft()

  func refresh() {}
}

/// A view that a presenter fills, for the presenter snippets.
@MainActor
protocol ProfileScreen: ViewControllable {
  func display(title: String, lines: [String])
}

/// What a profile interactor asks its presenter to show.
@MainActor
protocol ProfileFormatting: Presentable {
  func show(user: User)
}

final class ProfileScreenView: ProfileScreen {
  func display(title: String, lines: [String]) {}
}

let lines = ["Signed in as alice."]
