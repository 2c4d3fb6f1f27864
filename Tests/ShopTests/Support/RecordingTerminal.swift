@testable import Shop

/// Stands in for the process's standard output and error: keeps what a ``ShopRunner`` writes.
@MainActor
final class RecordingTerminal {
  private(set) var output: [String] = []
  private(set) var errors: [String] = []

  func runner(
    clock: any Clock<Duration> = ContinuousClock(),
    dependencies: (@MainActor (ShopCommand.ServerOptions) -> AppDependencies)? = nil
  ) -> ShopRunner {
    var runner = ShopRunner(
      output: { [unowned self] in output.append($0) },
      errorOutput: { [unowned self] in errors.append($0) })
    runner.clock = clock
    if let dependencies { runner.dependencies = dependencies }
    return runner
  }
}
