import Napkin

nonisolated protocol CDependency: Dependency {}

final class CComponent: Component<any CDependency>, BDependency {}
