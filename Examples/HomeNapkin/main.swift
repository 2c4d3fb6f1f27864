import Foundation
import TerminalIO

// The arguments as the kernel passed them: one that is not UTF-8 is refused, never changed.
exit(await HomeNapkinApp.main(rawArguments: RawArguments.current()).rawValue)
