import Napkin

final class HomeView: ViewControllable {
  init() {}
}

final class HomeComponent: EmptyComponent, @unchecked Sendable {
  var view: HomeView { HomeView() }
}
