import Napkin

nonisolated protocol HomeDependency: Dependency {
  var playbackEngine: PlaybackEngine { get }
}

final class HomeComponent: Component<any HomeDependency> {}
