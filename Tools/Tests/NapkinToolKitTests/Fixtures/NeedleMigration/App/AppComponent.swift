import Napkin

/// The base class every component of the app inherits from, as many Needle apps have one.
class AppComponent<DependencyType>: Component<DependencyType> {
  var appName: String { "Podcasts" }
}
