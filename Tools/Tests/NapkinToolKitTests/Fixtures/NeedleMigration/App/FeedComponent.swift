import Napkin

/// What every media napkin asks for; Feed's dependency refines it.
protocol MediaDependency: Dependency {
  var imageCache: ImageCache { get }
}

protocol FeedDependency: MediaDependency {
  var feedStore: FeedStore { get }
  var analytics: Analytics { get }
}

typealias FeedComponentBase = AppComponent<any FeedDependency>

final class FeedComponent: FeedComponentBase {
  var playerComponent: PlayerComponent { PlayerComponent(dependency: self) }
}

/// Needle's builders take the component; here the builder builds Feed's component itself.
final class FeedBuilder: Builder<any FeedDependency> {
  func build() -> FeedComponent { FeedComponent(dependency: dependency) }
}
