import Foundation
import Napkin
import Testing

/// What `treeSnapshot()` tells about a running tree: the shape, the state and the work of each
/// napkin, what each component built, and the detached napkins still alive; never a value.
@MainActor
@Suite struct TreeSnapshotTests {
  let app = SnapshotAppComponent()
  let root: Router<Interactor>
  let rootComponent: SnapshotRootComponent

  init() {
    rootComponent = SnapshotRootComponent(dependency: app)
    root = Router(interactor: Interactor(), component: rootComponent)
    root.leakDetector = .ignoringLeaks
    root.interactable.activate()
    root.load()
  }

  @Test func eachNapkinIsListedWithItsUnitsTypesAndItsChildrenInAttachOrder() {
    let feedView = FeedView()
    let viewable = FeedViewRouter(
      interactor: FeedPresentingInteractor(presenter: FeedPresenter(viewController: feedView)),
      viewController: feedView)
    root.attachChild(FeedRouter(interactor: Interactor()))
    root.attachChild(viewable)
    let snapshot = root.treeSnapshot()
    #expect(snapshot.root.name == "Router<Interactor>")
    #expect(snapshot.root.children.map(\.name) == ["Feed", "FeedView"])
    let shown = snapshot.root.children[1]
    #expect(shown.router == "FeedViewRouter")
    #expect(shown.interactor == "FeedPresentingInteractor")
    #expect(shown.presenter == "FeedPresenter")
    #expect(shown.view == "FeedView")
    #expect(snapshot.root.children[0].view == nil)
  }

  @Test func anInteractorsStateAndItsPendingWorkAreCounted() {
    let busy = BusyRouter(interactor: BusyInteractor())
    root.attachChild(busy)
    var napkin = root.treeSnapshot().root.children[0]
    #expect(napkin.active && napkin.tasks == 1 && napkin.cleanups == 1)
    busy.interactable.deactivate()
    napkin = root.treeSnapshot().root.children[0]
    #expect(!napkin.active && napkin.tasks == 0 && napkin.cleanups == 0)
  }

  @Test func aComponentListsTheSharedInstancesBuiltSoFarAndNothingElse() {
    #expect(
      root.treeSnapshot().root.component
        == ComponentSnapshot(name: "SnapshotRootComponent", shared: []))
    _ = rootComponent.homeAnalytics
    _ = rootComponent.requestBuilder  // fresh: never listed
    let snapshot = root.treeSnapshot()
    #expect(
      snapshot.root.component?.shared == [
        SharedInstanceSnapshot(name: "homeAnalytics", type: "HomeAnalytics", count: 1)
      ])
    // Built by the root's factory, in the component above, which no router holds.
    #expect(
      snapshot.ancestorComponents == [
        ComponentSnapshot(
          name: "SnapshotAppComponent",
          shared: [SharedInstanceSnapshot(name: "userService", type: "UserService", count: 1)])
      ])
  }

  @Test func aValueReachesTheSnapshotOnlyWhenItsTypeDescribesItselfAndThenBounded() throws {
    _ = rootComponent.secret
    _ = rootComponent.status
    let snapshot = root.treeSnapshot()
    let shared = try #require(snapshot.root.component?.shared)
    #expect(shared.map(\.description) == [nil, String(repeating: "x", count: 200)])
    let json = String(decoding: try snapshot.jsonData(), as: UTF8.self)
    #expect(json.contains("\"Secret\""))
    #expect(!json.contains("hunter2"))
  }

  @Test func aDetachedNapkinStillAliveIsListedWithItsAgeAndTheDetachingLine() throws {
    let feed = FeedRouter(interactor: Interactor())
    root.attachChild(feed)
    let line = #line + 1
    root.detachChild(feed)
    let snapshot = root.treeSnapshot()
    #expect(snapshot.root.children.isEmpty)
    let detached = try #require(snapshot.detached.first)
    #expect(snapshot.detached.count == 1)
    #expect(detached.napkin.name == "Feed" && !detached.napkin.active)
    #expect(detached.detachedAt == "NapkinTests/TreeSnapshotTests.swift:\(line)")
    #expect(detached.timeSinceDetach >= .zero && detached.timeSinceDetach < .seconds(60))
  }

  @Test func aDetachedNapkinLeavesTheSnapshotWhenReleasedOrAttachedAgain() {
    var feed: FeedRouter? = FeedRouter(interactor: Interactor())
    weak let released = feed
    root.attachChild(feed!)
    root.detachChild(feed!)
    feed = nil
    #expect(released == nil)
    #expect(root.treeSnapshot().detached.isEmpty)

    let again = FeedRouter(interactor: Interactor())
    root.attachChild(again)
    root.detachChild(again)
    root.attachChild(again)
    #expect(root.treeSnapshot().detached.isEmpty)
  }

  @Test func aNapkinWhoseInteractorOutlivesItsRouterIsListedAsDetachedButAlive() throws {
    var feed: FeedRouter? = FeedRouter(interactor: Interactor())
    let leaked = try #require(feed).interactor  // what a leak looks like: something keeps it
    weak let releasedRouter = feed
    root.attachChild(try #require(feed))
    let line = #line + 1
    root.detachChild(try #require(feed))
    feed = nil
    #expect(releasedRouter == nil)

    let snapshot = root.treeSnapshot()
    let detached = try #require(snapshot.detached.first)
    #expect(snapshot.detached.count == 1)
    #expect(detached.routerReleased)
    #expect(detached.napkin.name == "Feed" && detached.napkin.router == "FeedRouter")
    #expect(detached.napkin.interactor == "Interactor" && !detached.napkin.active)
    #expect(detached.detachedAt == "NapkinTests/TreeSnapshotTests.swift:\(line)")
    let json = String(decoding: try snapshot.jsonData(), as: UTF8.self)
    #expect(json.contains("\"routerReleased\" : true"))
    let read = try JSONDecoder().decode(TreeSnapshot.self, from: try snapshot.jsonData())
    #expect(read.detached.first?.routerReleased == true)
    withExtendedLifetime(leaked) {}
  }

  @Test func aViewThatOutlivesItsDetachedParentsRoutersIsListedAtTheDetachThatTookItOut() throws {
    let feedView = FeedView()
    var parent: FeedRouter? = FeedRouter(interactor: Interactor())
    var child: FeedViewRouter? = FeedViewRouter(
      interactor: FeedPresentingInteractor(presenter: FeedPresenter(viewController: feedView)),
      viewController: feedView)
    root.attachChild(try #require(parent))
    try #require(parent).attachChild(try #require(child))
    root.detachChild(try #require(parent))
    parent = nil
    child = nil

    let detached = root.treeSnapshot().detached
    #expect(detached.map(\.napkin.name) == ["FeedView"])
    #expect(detached.first?.routerReleased == true)
    #expect(detached.first?.napkin.view == "FeedView")
  }

  @Test(arguments: ["1e30", "-1", "1e16"])
  func aDetachedAgeOutOfRangeIsADecodingErrorNotACrash(seconds: String) {
    let json = """
      {"napkin": {"name": "Feed", "router": "FeedRouter", "interactor": "Interactor",
      "active": false, "tasks": 0, "cleanups": 0, "children": []},
      "secondsSinceDetach": \(seconds), "detachedAt": "A/B.swift:9"}
      """
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(DetachedNapkinSnapshot.self, from: Data(json.utf8))
    }
  }

  @Test func aReleasedNapkinLeavesTheSnapshotWhenNothingOfItLives() throws {
    var feed: FeedRouter? = FeedRouter(interactor: Interactor())
    var leaked: Interactor? = feed?.interactor
    root.attachChild(try #require(feed))
    root.detachChild(try #require(feed))
    feed = nil
    #expect(root.treeSnapshot().detached.count == 1)
    leaked = nil
    #expect(root.treeSnapshot().detached.isEmpty)
    _ = leaked
  }

  @Test func aNapkinDetachedFromADetachedNapkinIsListedOnceAndRecordsThatPointAtEachOtherEnd() {
    let parent = FeedRouter(interactor: Interactor())
    let child = FeedRouter(interactor: Interactor())
    root.attachChild(parent)
    parent.attachChild(child)
    parent.detachChild(child)
    root.detachChild(parent)
    // Each remembers detaching the other now.
    child.attachChild(parent)
    child.detachChild(parent)
    let names = root.treeSnapshot().detached.map(\.napkin.name)
    #expect(names.sorted() == ["Feed", "Feed"])
  }

  @Test func snapshotsTakenWhileOtherThreadsBuildSeeEachInstanceWholeAndInBuildOrder() async {
    let component = rootComponent
    let keys = 400
    let builders = (0..<4).map { part in
      Task.detached {
        for number in stride(from: part, to: keys, by: 4) { _ = component.numbered(number) }
      }
    }
    var seen = 0
    while seen < keys {
      let shared = root.treeSnapshot().root.component?.shared ?? []
      // Publication only appends: a later snapshot never lists fewer instances.
      #expect(shared.count >= seen)
      #expect(shared.allSatisfy { $0.type == "Token" && $0.name.hasPrefix("token") })
      seen = shared.count
      await Task.yield()
    }
    for builder in builders { await builder.value }
    #expect(Set(root.treeSnapshot().root.component?.shared.map(\.name) ?? []).count == keys)
  }

  @Test func theJSONIsSchemaOneOfKindTreeSnapshotAndReadsBackEqual() throws {
    _ = rootComponent.homeAnalytics
    root.attachChild(FeedRouter(interactor: Interactor()))
    let snapshot = root.treeSnapshot()
    let data = try snapshot.jsonData()
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["schema"] as? Int == 1)
    #expect(object["kind"] as? String == "tree-snapshot")
    #expect(try JSONDecoder().decode(TreeSnapshot.self, from: data) == snapshot)
  }

  @Test func aSnapshotOfAnotherSchemaIsRefusedSayingWhichSchemaItIs() throws {
    let data = try root.treeSnapshot().jsonData()
    let other = String(decoding: data, as: UTF8.self)
      .replacing("\"schema\" : 1", with: "\"schema\" : 2")
    #expect(other != String(decoding: data, as: UTF8.self))
    do {
      _ = try JSONDecoder().decode(TreeSnapshot.self, from: Data(other.utf8))
      Issue.record("a schema 2 snapshot was read")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription.contains("schema 2"))
    }
  }

  @Test func theJSONUsesExactlyTheNamesTheSchemaFileDefines() throws {
    let feed = FeedRouter(interactor: Interactor(), component: rootComponent)
    _ = rootComponent.status
    root.attachChild(feed)
    root.detachChild(feed)
    let view = FeedView()
    root.attachChild(
      FeedViewRouter(
        interactor: FeedPresentingInteractor(presenter: FeedPresenter(viewController: view)),
        viewController: view))
    let document = try #require(
      try JSONSerialization.jsonObject(with: root.treeSnapshot().jsonData()) as? [String: Any])
    let schema = try SchemaFile.definitions()
    try SchemaFile.check(document, against: "treeSnapshot", in: schema)
  }
}
