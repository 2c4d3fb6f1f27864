import Napkin

final class RootComponent: EmptyComponent, HomeDependency {
  var playbackEngine: PlaybackEngine { shared { PlaybackEngine() } }
}
