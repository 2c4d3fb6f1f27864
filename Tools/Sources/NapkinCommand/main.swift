import Foundation
import NapkinToolKit

exit(NapkinCommandLine.main(Array(CommandLine.arguments.dropFirst())))
