import Foundation

// The terminal plays the app: standard output shows the screen, standard error the model's error.
let runner = ShopRunner(
  output: { StandardStream.output.write($0 + "\n") },
  errorOutput: { StandardStream.error.write($0 + "\n") })
let status = await runner.run(Array(CommandLine.arguments.dropFirst()))
// A screen that could not be shown is a failure, whatever the server said; a reader that left on
// purpose (`| head -1`) needs no explanation.
if let code = StandardStream.output.failure {
  if code != EPIPE {
    StandardStream.error.write(
      "Shop: could not write the output: \(String(cString: strerror(code))).\n")
  }
  exit(ShopRunner.ExitStatus.failure.rawValue)
}
exit(status.rawValue)
