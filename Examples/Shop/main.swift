import Foundation

// The terminal plays the app: standard output shows the screen, standard error the model's error.
let runner = ShopRunner(
  output: { print($0) },
  errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
let status = await runner.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
