/// The public types of the `Napkin` module, which every generated file imports.
///
/// A generated type with one of these names shadows Napkin's own inside the app (`napkin new
/// Launch` would declare a `LaunchRouter`), and the app then fails to build with hundreds of
/// errors far from the cause, so `napkin new` refuses such names. A test compares this list with
/// the declarations in `Sources/Napkin`, so it cannot fall behind the library.
enum NapkinPublicTypes {
  static let names: Set<String> = [
    "Buildable", "Builder", "ChildWait", "ChildWaitError", "Component", "ComponentSnapshot",
    "CurrentValue", "CurrentValueSequence", "Dependency", "DetachedNapkinSnapshot",
    "EmptyComponent", "EmptyDependency", "Interactable", "Interactor", "LaunchRouter",
    "LaunchRouting", "LeakDetector", "LeakReport", "NapkinSnapshot", "Presentable",
    "PresentableInteractor", "Presenter", "Router", "Routing", "RoutingTestDouble",
    "SharedInstanceSnapshot", "SnapshotDescribable", "TreeSnapshot", "ViewControllable",
    "ViewHost", "ViewableRouter", "ViewableRouting",
  ]
}
