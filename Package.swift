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
        .library(name: "TableRender", targets: ["TableRender"]),
        // For Swift developers: implement TableViewController (TableDataSource and TableDelegate)
        // and serve it with TableStackServer.
        .library(name: "TableStack", targets: ["TableStack"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Already in the graph through Hummingbird; named for the connection guard's channel handlers.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // Already in the graph through Hummingbird; named so that live streams end when the
        // server shuts down gracefully (they would otherwise hold the shutdown open).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // PostgreSQL for several servers on one database (`--db postgresql://…`).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The engine: UIKit's table-view rules as pure Swift values. Imports Foundation, and ICU
        // for collation sort keys (Foundation compares two strings at a time, a locale per call)
        // and each locale's index labels (Foundation has none).
        .target(name: "TableKit", dependencies: ["CCollation"], swiftSettings: strictSettings),

        // glibc's mallopt for the command (not in Swift's Glibc module).
        .target(name: "CMalloc"),

        // An exit that leaves the freeing of the command's memory to a child (`clone`, not in
        // Swift's Glibc module), so that whoever waits for the command does not wait for it.
        .target(name: "CQuickExit"),

        // The kernel's getrandom for session ids (not in Swift's Glibc module either).
        .target(name: "CSystemRandom"),

        // ICU's collator and alphabetic index (Debian's libicu-dev) behind a C header that names no
        // ICU type; the index is C++ only, so one file of the target is C++ with extern "C" functions.
        .target(name: "CCollation", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),

        // libxml2 through pkg-config; the shim header hides what Swift 6 cannot import safely.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),

        // Snapshots to HTML through Mustache templates; template and page validation with libxml2.
        .target(
            name: "TableRender",
            dependencies: [
                "TableKit",
                "CLibXML2",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Schema/markup-contract.rng")],
            swiftSettings: strictSettings
        ),

        // Persistence: items in ordered lists with revisions, SQLite through GRDB; JSON, plist, CSV.
        .target(
            name: "TableStore",
            dependencies: ["TableKit", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),

        // The store on PostgreSQL, with the change log followed through LISTEN/NOTIFY.
        .target(
            name: "TableStorePostgres",
            dependencies: [
                "TableStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),

        // App definition files (YAML) turned into TableKit data sources and delegates.
        .target(
            name: "TableApp",
            dependencies: ["TableKit", "TableStore", .product(name: "Yams", package: "Yams")],
            resources: [.copy("Demo")],
            swiftSettings: strictSettings
        ),

        // The site: pages, links, sheets and JSON twins of a storyboard's controllers, shared by
        // the server and the export so that neither decides on its own where a row leads.
        .target(
            name: "TableSite",
            dependencies: ["TableKit", "TableRender", "TableStore", "TableApp"],
            swiftSettings: strictSettings
        ),

        // zlib through pkg-config, for gzip responses.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // The web server: routes, forms, CSRF, sessions, content negotiation.
        .target(
            name: "TableServer",
            dependencies: [
                "TableKit", "TableRender", "TableStore", "TableApp", "TableSite", "CZlib", "CSystemRandom",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),

        // Static site export: every reachable page as files, checked and link-verified.
        .target(
            name: "TableExport",
            dependencies: ["TableKit", "TableRender", "TableStore", "TableApp", "TableSite"],
            swiftSettings: strictSettings
        ),

        // The library Swift developers use: TableKit's protocols and a server for them.
        .target(
            name: "TableStack",
            dependencies: [
                "TableKit", "TableRender", "TableSite", "TableServer", "TableExport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // The guide's Trails example written in Swift against TableStack's public API only.
        .executableTarget(
            name: "TrailsExample",
            dependencies: ["TableStack"],
            path: "Examples/TrailsExample",
            swiftSettings: strictSettings
        ),

        .executableTarget(
            name: "tablestack",
            dependencies: [
                "TableKit",
                "TableRender",
                "TableStore",
                "TableStorePostgres",
                "TableApp",
                "TableSite",
                "TableServer",
                "TableExport",
                "CMalloc",
                "CQuickExit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // What several test targets share (a seeded random source, the programs tests start,
        // throwaway PostgreSQL clusters), and its own tests.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "TableKitTests", dependencies: ["TableKit", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "TableRenderTests", dependencies: ["TableRender", "TableKit", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "TableStoreTests", dependencies: ["TableStore", "TableStorePostgres", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                                                           .product(name: "Logging", package: "swift-log")],
                    swiftSettings: strictSettings),
        .testTarget(name: "TableAppTests", dependencies: ["TableApp", "TableKit", "TableStore", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "TableServerTests",
            dependencies: [
                "TableServer", "TableSite", "TableApp", "TableStore", "TableStorePostgres", "TableRender", "TableKit", "CZlib", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // An event loop whose clock the test moves, and channels without sockets, for the
                // connection registry's own tests.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                // NIO's HTTP/1 layer, the reference the response encoder's bytes are compared with.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                // The reference HMAC the signer's own is checked against.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TableExportTests",
            dependencies: ["TableExport", "TableServer", "TableSite", "TableApp", "TableStore", "TableRender", "TableKit", "TestSupport",
                           .product(name: "HummingbirdTesting", package: "hummingbird"), .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "CLibXML2Tests", dependencies: ["CLibXML2"], swiftSettings: strictSettings),
        // The library as a Swift developer uses it: the public API only.
        .testTarget(
            name: "TableStackTests",
            dependencies: ["TableStack", "TestSupport", .product(name: "HummingbirdTesting", package: "hummingbird")],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
