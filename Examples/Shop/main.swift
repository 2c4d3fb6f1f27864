import Foundation
import TerminalIO

// The terminal plays the app: standard output shows the screen, standard error the model's error.
// A screen that cannot be shown ends the program at once (`watch` would otherwise go on polling
// for nobody), with status 1 whatever the server said.
let runner = ShopRunner(
  output: { line in
    do throws(OutputLost) {
      try StandardStream.output.write(line + "\n")
    } catch {
      exit(ExitCode.outputLost(error, program: "Shop").rawValue)
    }
  },
  errorOutput: { try? StandardStream.error.write($0 + "\n") })
// The arguments as the kernel passed them: one that is not UTF-8 is refused, never changed.
exit(await runner.run(rawArguments: RawArguments.current()).rawValue)
