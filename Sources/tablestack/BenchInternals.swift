import ArgumentParser
import Foundation
import Glibc
import TableApp
import TableKit
import TableRender
import TableSite
import TableStore

/// `tablestack bench-internals`: times what `make bench` cannot see from outside — render CPU per
/// page (indexed and plain lists), template and page validation — and prints one JSON object.
struct BenchInternals: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-internals", abstract: "Time rendering and validation in-process (for make bench).",
        shouldDisplay: false)

    @Option(name: .long) var templates: String = TemplateSet.bundledFolder
    @Option(name: .long) var runs: Int = 9
    /// The list sizes to time views after an edit at (a profile of one size sees only it).
    @Option(name: .long, parsing: .upToNextOption) var sizes: [Int] = [1_000, 10_000]
    /// The kinds of list to time, likewise for profiles.
    @Option(name: .long, parsing: .upToNextOption) var kinds: [ListKind] = ListKind.allCases

    /// A list with an index (sections by initial) or without (one section).
    enum ListKind: String, CaseIterable, ExpressibleByArgument {
        case indexed, plain

        /// What the figures' names start with.
        var prefix: String { self == .indexed ? "" : "plain_" }
        /// The index line of the app file.
        var index: String { self == .indexed ? "\n    index: { by: name, locale: en_US }" : "" }
    }

    func run() async throws {
        var figures: [String: Double] = [:]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        figures["template_validation_ms"] = median((0..<runs).map { _ in
            cpuMilliseconds { _ = TemplateValidator.validate(folder: templates) }
        })

        let templateSet = try TemplateSet(folder: templates)
        // The same rows as an indexed list (sections) and as a plain one (one section).
        for listKind in ListKind.allCases where kinds.contains(listKind) {
            let kind = listKind.prefix, index = listKind.index
            let yaml = """
                title: Bench
                root: list
                scenes:
                  list:
                    title: Rows
                    list: rows\(index)
                    cell: { text: "{name}", detail: "{number}", style: subtitle }
                """
            let app = try AppFileLoader.parse(yaml, file: "bench.yaml")
            for count in sizes {
                let store = try SQLiteStore(path: folder.appendingPathComponent("rows-\(kind)\(count).sqlite").path, durability: .normal)
                try await store.load(Self.rows(count), replacing: true)
                let renderer = PageRenderer(templates: templateSet)
                let runtime = AppRuntime(app: app, store: store, sceneRows: SceneRowCache())
                let site = Site(storyboard: runtime, renderer: renderer, urls: URLBuilder())
                let options = PageOptions(csrf: "token")
                var scene = SitePage(scene: try await runtime.resolve([]))
                // First render: every row rendered from its template.
                figures["\(kind)render_first_ms_\(count)"] = cpuMilliseconds { _ = try? site.renderer.render(site.tablePage(scene, options: options)) }
                var snapshots: [Double] = []
                var renders: [Double] = []
                var resolveAndRender: [Double] = []
                var afterRename: [Double] = []
                for run in 0..<runs {
                    // Two edits of one row: its number (the row stays where it is), then its name
                    // (in the indexed list the row moves within its section, which is made again).
                    let key = "row-\(run * 7)"
                    for (number, change) in [ListChange.update(key: key, attributes: ["number": .number(Double(-run))]),
                                             .update(key: key, attributes: ["name": .string(Self.word(run * 7) + " \(count + run)")])].enumerated() {
                        let revision = try await store.revision(of: .root("rows"))
                        try await store.apply([change], to: .root("rows"), basedOn: revision)
                        let started = cpuNow()
                        scene = SitePage(scene: try await runtime.resolve([]))
                        // Snapshot and render run on this thread without suspending, so they are timed with
                        // the thread's clock: the process clock would also count other threads still
                        // winding down from the resolve (SQLite reads, idle workers spinning).
                        let resolved = cpuNow(CLOCK_THREAD_CPUTIME_ID)
                        let page = try site.tablePage(scene, options: options)
                        let built = cpuNow(CLOCK_THREAD_CPUTIME_ID)
                        _ = site.renderer.render(page)
                        let rendered = cpuNow(CLOCK_THREAD_CPUTIME_ID)
                        let done = cpuNow()
                        if number == 1 {
                            afterRename.append((done - started) * 1000)
                            continue
                        }
                        snapshots.append((built - resolved) * 1000)
                        renders.append((rendered - built) * 1000)
                        resolveAndRender.append((done - started) * 1000)
                    }
                }
                figures["\(kind)snapshot_after_edit_ms_\(count)"] = median(snapshots)
                figures["\(kind)render_after_edit_ms_\(count)"] = median(renders)
                figures["\(kind)resolve_and_render_after_edit_ms_\(count)"] = median(resolveAndRender)
                figures["\(kind)resolve_and_render_after_rename_ms_\(count)"] = median(afterRename)
                if count == 1_000, kind.isEmpty {
                    let html = site.renderer.render(try site.tablePage(scene, options: options))
                    let validator = PageValidator.shared
                    figures["page_validation_ms_1000_rows"] = median((0..<runs).map { _ in
                        cpuMilliseconds { _ = validator.validate(html, page: "bench") }
                    })
                    // What an export runs per page: the contract scanner, libxml2 only on doubt.
                    figures["page_check_ms_1000_rows"] = median((0..<runs).map { _ in
                        cpuMilliseconds { _ = validator.inspect(html, page: "bench") }
                    })
                }
            }
        }
        let data = try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    static let words = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett", "Kilo", "Lima"]

    /// The word the name of row `number` starts with (its section).
    static func word(_ number: Int) -> String { words[number % words.count] }

    static func rows(_ count: Int) -> DataDocument {
        DataDocument(lists: [("rows", (0..<count).map { number in
            DataDocument.Item(key: "row-\(number)", attributes: ["name": .string("\(word(number)) \(number)"),
                                                                 "number": .number(Double(number))])
        })])
    }

    /// CPU seconds used so far by the process, or with `CLOCK_THREAD_CPUTIME_ID` by this thread.
    private func cpuNow(_ clock: clockid_t = CLOCK_PROCESS_CPUTIME_ID) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func cpuMilliseconds(_ body: () -> Void) -> Double {
        let started = cpuNow()
        body()
        return (cpuNow() - started) * 1000
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
