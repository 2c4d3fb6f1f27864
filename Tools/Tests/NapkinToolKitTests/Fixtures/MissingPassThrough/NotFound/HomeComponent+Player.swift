import Napkin

/// The edge to Player.
nonisolated extension HomeComponent: PlayerDependency {
  @MainActor var playerBuilder: any PlayerBuildable { PlayerBuilder(dependency: self) }
  var playbackEngine: PlaybackEngine { dependency.playbackEngine }
}
