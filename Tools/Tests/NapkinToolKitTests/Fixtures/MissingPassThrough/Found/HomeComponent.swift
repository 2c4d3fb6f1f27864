import Napkin

nonisolated protocol HomeDependency: Dependency {}

final class HomeComponent: Component<any HomeDependency> {}
