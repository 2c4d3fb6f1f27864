import Foundation

/// A screen that cannot be shown ends the program at once (`watch` would otherwise go on polling
/// for nobody) with status 1, whatever the server said; a reader that left on purpose
/// (`| head -1`) needs no explanation.
func outputLost(_ code: Int32) -> Never {
  if code != EPIPE {
    StandardStream.error.write(
      "Shop: could not write the output: \(String(cString: strerror(code))).\n")
  }
  exit(ShopRunner.ExitStatus.failure.rawValue)
}

// The terminal plays the app: standard output shows the screen, standard error the model's error.
let runner = ShopRunner(
  output: {
    StandardStream.output.write($0 + "\n")
    if let code = StandardStream.output.failure { outputLost(code) }
  },
  errorOutput: { StandardStream.error.write($0 + "\n") })
let status = await runner.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
