import Napkin

nonisolated protocol ProfileDependency: Dependency {
  var userName: String { get }
}

final class ProfileComponent: Component<any ProfileDependency> {
}

final class HomeComponent: EmptyComponent {
  var userName: String { "Ada" }
}
