import Foundation
import TerminalIO

// The raw bytes of the arguments: one that is not UTF-8 is refused, never altered.
exit(await NotebookCommand.main(rawArguments: RawArguments.current()).rawValue)
