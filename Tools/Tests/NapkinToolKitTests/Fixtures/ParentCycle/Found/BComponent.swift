import Napkin

nonisolated protocol BDependency: Dependency {}

final class BComponent: Component<any BDependency>, ADependency {}
