import Napkin

nonisolated protocol PlayerDependency: Dependency {
  var playbackEngine: PlaybackEngine { get }
}

final class PlayerComponent: Component<any PlayerDependency> {}
