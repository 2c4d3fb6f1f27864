import Napkin

@MainActor
final class HomeCoordinator {
  let component: HomeComponent
  let profileBuilder: any ProfileBuildable

  init(component: HomeComponent) {
    self.component = component
    self.profileBuilder = ProfileBuilder(dependency: component)
  }
}

final class HomeComponent: EmptyComponent {
  @MainActor var coordinator: HomeCoordinator { shared { HomeCoordinator(title: "Home") } }
}
