// What the snippets in Napkin's doc comments assume: the HomeNapkin example (through
// `@testable import`, as in the articles), a few values a test would have made, and sketches of
// the example's routers for the snippets that show a method's body. The example's types are
// spelled `HomeNapkin.X` here, so that a snippet may declare its own `X`. `.ci/snippets/check.py`
// compiles each snippet together with this file.
import Foundation
import Napkin
import NapkinTesting
import Observation
import Testing

@testable import HomeNapkin

let userService = HomeNapkin.UserService()
let rootComponent = HomeNapkin.RootComponent(dependency: HomeNapkin.AppComponent())
let loggedInComponent = HomeNapkin.LoggedInComponent(dependency: rootComponent)
let homeComponent = HomeNapkin.HomeComponent(dependency: loggedInComponent)

@MainActor let terminal = HomeNapkin.Terminal()
@MainActor let host = HomeNapkin.Terminal()
@MainActor let view = HomeNapkin.HomeView()
@MainActor let interactor = HomeNapkin.HomeInteractor(
  presenter: view, userService: userService,
  analytics: HomeNapkin.HomeAnalytics(userService: userService))
@MainActor let router = ViewableRouter(
  interactor: Interactor(), viewController: HomeNapkin.HomeView())
@MainActor let child: any ViewableRouting = ViewableRouter(
  interactor: Interactor(), viewController: HomeNapkin.HomeView())
@MainActor let root = HomeNapkin.RootBuilder(dependency: HomeNapkin.AppComponent()).build(
  leakDetector: .shared)
@MainActor let detector = LeakDetector(gracePeriod: .seconds(1)) { _ in }
@MainActor var reports: [LeakReport] = []

let report = LeakReport(
  typeName: "HomeNapkin.HomeInteractor", role: .interactor, napkinName: "HomeRouter",
  outlived: .seconds(1))

/// A logger, for the snippets that log a report.
nonisolated struct Logger: Sendable {
  func warning(_ message: String) {}
}

let log = Logger()

/// Home's router, with the builders and the presented child its method snippets use.
class HomeRouterSketch: ViewableRouter<
  any HomeNapkin.HomeInteractable, any HomeNapkin.HomeViewControllable
>
{
  var profileBuilder: any HomeNapkin.ProfileBuildable {
    HomeNapkin.ProfileBuilder(dependency: homeComponent)
  }
  var settingsBuilder: any HomeNapkin.SettingsBuildable {
    HomeNapkin.SettingsBuilder(dependency: homeComponent)
  }
  var profile: (any ViewableRouting)?
}

/// LoggedIn's router, for the snippets that attach Home.
class LoggedInRouterSketch: Router<any HomeNapkin.LoggedInInteractable> {
  var homeBuilder: any HomeNapkin.HomeBuildable {
    HomeNapkin.HomeBuilder(dependency: loggedInComponent)
  }
}

/// A cache a component shares, for the snippets of `shared`.
nonisolated final class ImageCache: Sendable {}

/// Notification observers to remove when a napkin resigns.
@MainActor
final class Notifications {
  func addObserver(_ handler: @escaping @MainActor () -> Void) -> Int { 0 }
  func removeObserver(_ token: Int) {}
}

@MainActor let notifications = Notifications()

/// Unsaved input to keep when a napkin resigns.
nonisolated final class Draft: Sendable {
  func save() {}
}

/// An interactor with the members its hook snippets use.
class InteractorSketch: Interactor {
  let analytics = HomeNapkin.HomeAnalytics(userService: userService)
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
  func show(user: HomeNapkin.User)
}

nonisolated final class ProfileScreenView: ProfileScreen {
  func display(title: String, lines: [String]) {}
}

let lines = ["Signed in as alice."]

/// The state and deep-link snippets: a score service, a signed-in name, and the roles a deep
/// link waits for.
nonisolated final class Scores: Sendable {
  let score = CurrentValue(0)
}
let scoreService = Scores()
let score = CurrentValue(0)
let signedIn = CurrentValue<String?>(nil)

@MainActor
protocol LoggedInActionable: AnyObject {
  var router: any Routing { get }
  func openProfile(of name: String)
}

@MainActor
protocol HomeActionable: AnyObject {
  func openProfile()
}

// The live tree's values, for the snapshot types' doc comments.
@MainActor let snapshot = root.treeSnapshot()
let leaf = NapkinSnapshot(
  name: "Profile", router: "ProfileRouter", interactor: "ProfileInteractor", presenter: nil,
  view: "ProfileView", active: true, tasks: 0, cleanups: 0, component: nil, children: [])
let detached = DetachedNapkinSnapshot(
  napkin: leaf, timeSinceDetach: .seconds(3), detachedAt: "Profile/ProfileRouter.swift:9")
let instance = SharedInstanceSnapshot(name: "userService", type: "UserService", count: 1)
let data = Data("{}".utf8)
let url = URL(fileURLWithPath: "/tmp/tree.json")
