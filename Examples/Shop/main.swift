import Foundation
import TerminalSafety

/// A screen that cannot be shown ends the program at once (`watch` would otherwise go on polling
/// for nobody) with status 1, whatever the server said; a reader that left on purpose
/// (`| head -1`) needs no explanation.
func outputLost(_ error: OutputLost) -> Never {
  if !error.isBrokenPipe {
    try? StandardStream.error.write("Shop: \(error).\n")
  }
  exit(ShopRunner.ExitStatus.failure.rawValue)
}

// The terminal plays the app: standard output shows the screen, standard error the model's error.
let runner = ShopRunner(
  output: { line in
    do throws(OutputLost) {
      try StandardStream.output.write(line + "\n")
    } catch {
      outputLost(error)
    }
  },
  errorOutput: { try? StandardStream.error.write($0 + "\n") })
let status = await runner.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
