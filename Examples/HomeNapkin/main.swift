import Foundation

exit(await HomeNapkinApp.main(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
