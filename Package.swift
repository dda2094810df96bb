// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode is the package default; these keep the
/// build strict and surface upcoming-language changes early.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "TableStack",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tablestack", targets: ["tablestack"]),
        .library(name: "TableKit", targets: ["TableKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The engine: UIKit's table-view rules as pure Swift values. Imports Foundation only.
        .target(name: "TableKit", swiftSettings: strictSettings),

        // libxml2 through pkg-config; the shim header hides what Swift 6 cannot import safely.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),

        .executableTarget(
            name: "tablestack",
            dependencies: [
                "TableKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        .testTarget(name: "TableKitTests", dependencies: ["TableKit"], swiftSettings: strictSettings),
        .testTarget(name: "CLibXML2Tests", dependencies: ["CLibXML2"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
