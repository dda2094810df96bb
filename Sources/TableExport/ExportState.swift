import Foundation
import Glibc
import TableKit
import TableRender

/// What the last complete export into a folder was made from, and what it left there: when the
/// next export is made from the same (the same sources, the same data, the same public folder and
/// options) and every file it wrote is still as it was, there is nothing to do, and the export
/// says so without reading a list or rendering a page.
///
/// Saved as lines, read in place (a folder of 10,001 pages is checked in milliseconds):
///
///     TableStack export state 2
///     inputs <fingerprint>
///     problem <text, escaped as `LineEscaping` does>
///     warning <text>
///     page <size> <modified ns> <changed ns> <inode> <file>   (in the report's order; the file names the path)
///     file <size> <modified ns> <changed ns> <inode> <file>   (the sitemap)
struct ExportState: Equatable {
    /// A file as it was left: its size, modification time and status change time (nanoseconds
    /// since 1970), and inode. The change time cannot be set by hand, so a file edited and given
    /// its old size and modification time back (`touch -r`, `cp -p`, `rsync -t`) is not taken
    /// for the one the export wrote.
    struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
        var changed: Int64
        var inode: Int64
    }

    static let fileName = ".tablestack-export-state"
    private static let header = "TableStack export state 2"
    /// What a state file holds before its inputs.
    private static var inputsPrefix: [UInt8] { Array((header + "\ninputs ").utf8) }

    /// The fingerprint of everything the pages were made from; `unknownInputs()`, or a
    /// fingerprint struck out (`keepPagesOnly`), when they could not be told apart from another
    /// export's (see `hasUnknownInputs`).
    var inputs: String
    /// Inputs that match no fingerprint, so that the state is never up to date, and no other
    /// export's: the records are taken with a state only when their inputs are the state's, and
    /// the state is saved before the records, so records left by an earlier export (its own
    /// failed) must not match it.
    static func unknownInputs() -> String { "\(unknownPrefix)-\(UUID().uuidString)" }
    private static let unknownPrefix = "unknown"

    /// Whether the inputs match no export: unknown, or struck out by an export that began.
    var hasUnknownInputs: Bool { inputs.hasPrefix(Self.unknownPrefix) || wasCutShort }
    /// Whether an export began from this state and never ended it (inputs struck out with
    /// dashes): one killed may have written files the state does not list. Every other state
    /// lists every file the exports it tells of wrote.
    var wasCutShort: Bool { inputs.utf8.allSatisfy { $0 == UInt8(ascii: "-") } }
    /// The inputs of a state an export began from (see `wasCutShort`).
    static let struckOutInputs = String(repeating: "-", count: 36)
    var problems: [String]
    var warnings: [String]
    /// Each page's file (relative to the folder), in the report's order, with its stamp.
    var pages: [(file: String, stamp: Stamp)]
    /// Other files the export wrote (the sitemap).
    var files: [(file: String, stamp: Stamp)]

    static func == (lhs: ExportState, rhs: ExportState) -> Bool {
        lhs.inputs == rhs.inputs && lhs.problems == rhs.problems && lhs.warnings == rhs.warnings
            && lhs.pages.elementsEqual(rhs.pages, by: { $0.file == $1.file && $0.stamp == $1.stamp })
            && lhs.files.elementsEqual(rhs.files, by: { $0.file == $1.file && $0.stamp == $1.stamp })
    }

    /// The navigation path of the page in `file` ("a%2Fb/c/index.html" → ["a/b", "c"]); `nil`
    /// for a name `URLBuilder.encodeSegment` cannot have made.
    static func path(ofPage file: String) -> [String]? {
        // Split as bytes, in place: a re-export splits every page's name.
        var file = file
        return file.withUTF8 { bytes in
            // The last name (the file's own) is no segment, nor are empty names between slashes.
            var last = bytes.count
            while last > 0, bytes[last - 1] == UInt8(ascii: "/") { last -= 1 }
            while last > 0, bytes[last - 1] != UInt8(ascii: "/") { last -= 1 }
            var path: [String] = []
            var start = 0
            for end in 0..<last where bytes[end] == UInt8(ascii: "/") {
                defer { start = end + 1 }
                guard end > start else { continue }
                let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if segment.contains(UInt8(ascii: "%")) {
                    guard let decoded = Substring(decoding: segment, as: UTF8.self).removingPercentEncodingStrictly(plusIsSpace: false) else {
                        return nil
                    }
                    path.append(decoded)
                } else {
                    path.append(String(decoding: segment, as: UTF8.self))
                }
            }
            return path
        }
    }

    /// The state saved in `folder`; `nil` when there is none or it cannot be read.
    static func load(from folder: String) -> ExportState? {
        guard let bytes = FileBytes.read(folder + "/" + fileName) else { return nil }
        return bytes.withUnsafeBufferPointer { parse($0) }
    }

    /// The inputs of the state saved in `folder`, read without its page lines: the up-to-date
    /// check reads those only when the inputs match, since an export with anything to do reads
    /// them again. `nil` when there is no state or it does not begin as `save` writes it.
    static func savedInputs(in folder: String) -> String? {
        FileBytes.headLine(of: folder + "/" + fileName, after: inputsPrefix)
    }

    /// Reads the lines in place.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ExportState? {
        var state = ExportState(inputs: "", problems: [], warnings: [], pages: [], files: [])
        var start = 0
        var isFirst = true
        while start < bytes.count {
            let end = bytes.endOfLine(from: start)
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            start = end + 1
            if isFirst {
                guard line.elementsEqual(header.utf8) else { return nil }
                isFirst = false
                continue
            }
            guard !line.isEmpty else { continue }
            guard let space = line.firstIndex(of: UInt8(ascii: " ")),
                  let kind = LineKind(UnsafeBufferPointer(rebasing: line[..<space])) else { return nil }
            let rest = UnsafeBufferPointer(rebasing: line[(space + 1)...])
            switch kind {
            case .inputs: state.inputs = String(decoding: rest, as: UTF8.self)
            case .problem, .warning:
                guard let text = LineEscaping.unescape(rest) else { return nil }
                if kind == .problem { state.problems.append(text) } else { state.warnings.append(text) }
            case .page, .file:
                // Four numbers, then the file's name (which may hold spaces).
                var field = 0
                guard let size = number(in: rest, at: &field), let modified = number(in: rest, at: &field),
                      let changed = number(in: rest, at: &field), let inode = number(in: rest, at: &field) else { return nil }
                let entry = (file: String(decoding: UnsafeBufferPointer(rebasing: rest[field...]), as: UTF8.self),
                             stamp: Stamp(size: size, modified: modified, changed: changed, inode: inode))
                if kind == .page { state.pages.append(entry) } else { state.files.append(entry) }
            }
        }
        return state.inputs.isEmpty ? nil : state
    }

    /// Forgets the state of `folder`: an export that changes files and then fails must not leave
    /// a record saying the folder is up to date.
    static func remove(from folder: String) {
        unlink(folder + "/" + fileName)
    }

    /// Replaces the state in `folder` with `previous`'s page list (none when there is no previous
    /// state) under inputs struck out: the folder is not up to date, and should the export that
    /// begins now be killed, the next one knows that files it wrote may be listed nowhere.
    static func keepPagesOnly(of previous: ExportState?, in folder: String) {
        var kept = previous ?? ExportState(inputs: struckOutInputs, problems: [], warnings: [], pages: [], files: [])
        if previous != nil, kept.wasCutShort || markInputsUnknown(kept.inputs, in: folder) { return }
        kept.inputs = struckOutInputs
        if (try? kept.save(to: folder)) == nil { remove(from: folder) }
    }

    /// After an export into `folder` stopped part way (an error, Ctrl-C): `previous`'s files,
    /// and those the stopped export wrote new (`written`, stamped as they are now), under inputs
    /// that match no export. The next export then makes every page, and removes those of the new
    /// pages its site no longer has, as it removes the last complete export's. The files
    /// `previous` lists keep its stamps: the manifest still holds what that export wrote, and a
    /// file rewritten since must not be taken for it (the next export reads it to compare).
    static func keepPages(of previous: ExportState?, andWritten written: [String], in folder: String) {
        var kept = previous ?? ExportState(inputs: "", problems: [], warnings: [], pages: [], files: [])
        var listed = Set(kept.pages.lazy.map(\.file)).union(kept.files.lazy.map(\.file))
        let new = written.filter { listed.insert($0).inserted }
        // Beside a list of every file exports wrote here before (none, when there is no state),
        // the new ones make a list of every file again; beside a list cut short, it may miss some.
        let isWhole = previous.map { !$0.wasCutShort } ?? true
        if previous == nil, new.isEmpty { return remove(from: folder) }
        guard !new.isEmpty || isWhole else { return keepPagesOnly(of: previous, in: folder) }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        kept.inputs = isWhole ? unknownInputs() : struckOutInputs
        for name in new {
            guard let stamp = stamp(of: name, in: descriptor, followingLinks: false) else { continue }
            if name == "index.html" || StalePages.isPageName(name) { kept.pages.append((name, stamp)) } else { kept.files.append((name, stamp)) }
        }
        if (try? kept.save(to: folder)) == nil { remove(from: folder) }
    }

    /// Overwrites the fingerprint `inputs` in the state file of `folder` with as many dashes,
    /// which match no fingerprint, and leaves its page lines as they are (writing a 10,001-page
    /// state again takes 35 M instructions). `false` when the file does not begin as `save`
    /// writes it with those inputs.
    private static func markInputsUnknown(_ inputs: String, in folder: String) -> Bool {
        let prefix = inputsPrefix, value = Array(inputs.utf8)
        let descriptor = open(folder + "/" + fileName, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: prefix.count + value.count + 1)
        guard pread(descriptor, &start, start.count, 0) == start.count, start == prefix + value + [UInt8(ascii: "\n")] else { return false }
        let dashes = [UInt8](repeating: UInt8(ascii: "-"), count: value.count)
        return pwrite(descriptor, dashes, dashes.count, off_t(prefix.count)) == dashes.count
    }

    func save(to folder: String) throws {
        var text = Self.header + "\ninputs " + inputs + "\n"
        for problem in problems { text += "problem " + LineEscaping.escape(problem) + "\n" }
        for warning in warnings { text += "warning " + LineEscaping.escape(warning) + "\n" }
        // The page lines as bytes: 10,001 lines made by string interpolation cost 10 ms.
        var out = Array(text.utf8)
        out.reserveCapacity(out.count + (pages.count + files.count) * 96)
        for (kind, entries) in [("page ", pages), ("file ", files)] {
            for (file, stamp) in entries {
                out.append(contentsOf: kind.utf8)
                // Each number by itself, with no array of the four: one allocation fewer a line.
                func field(_ number: Int64) {
                    Self.appendDecimal(number, to: &out)
                    out.append(UInt8(ascii: " "))
                }
                field(stamp.size)
                field(stamp.modified)
                field(stamp.changed)
                field(stamp.inode)
                out.append(contentsOf: file.utf8)
                out.append(UInt8(ascii: "\n"))
            }
        }
        try FileBytes.write(out, to: folder + "/" + Self.fileName)
    }

    /// `value` in decimal digits, put in place without making a string (a state has four numbers
    /// a page).
    static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
        guard value >= 0 else { return out.append(contentsOf: String(value).utf8) }
        // Written on the stack, then appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let first = DecimalDigits.write(value, into: digits, endingAt: digits.count)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    /// The stamp of the regular file `name` in the folder open as `folder`; `nil` when there is
    /// none. `followingLinks` false takes a symbolic link for what it is, not a file.
    static func stamp(of name: String, in folder: Int32, followingLinks: Bool = true) -> Stamp? {
        var info = stat()
        guard fstatat(folder, name, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Stamp(info)
    }

    /// The state an export leaves in `folder`, its pages `results`: each page's file stamped as
    /// the export wrote it or, when it did not, as it is now. Saved even when the inputs cannot
    /// be told apart (then it is never up to date): the next export still learns from it how
    /// each page was left. `nil` when a page's file is gone already: it cannot be vouched for, so
    /// there is no state, and the next export runs. `files` are the other files it wrote.
    static func left(by results: [PageResult], files: [String], inputs: String, problems: [String], warnings: [String],
                     in folder: String) -> ExportState? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        let stamped = { (name: String) in stamp(of: name, in: descriptor).map { (file: name, stamp: $0) } }
        let pages = results.compactMap { result in result.stamp.map { (file: result.file, stamp: $0) } ?? stamped(result.file) }
        guard pages.count == results.count else { return nil }
        return ExportState(inputs: inputs, problems: problems, warnings: warnings, pages: pages, files: files.compactMap(stamped))
    }

    /// Whether every file the export left in `folder` is still there, as it was left.
    func filesAreAsLeft(in folder: String) -> Bool {
        Self.notAsLeft(pages + files, in: folder, all: false)?.isEmpty ?? false
    }

    /// The pages whose files are not as the export left them (changed or gone); `nil` when the
    /// folder cannot be opened.
    func pagesNotAsLeft(in folder: String) -> Set<String>? {
        Self.notAsLeft(pages, in: folder, all: true)
    }

    /// The files of `entries` not as left in `folder`: all of them, or (`all` false) the first
    /// one found. Looked up from the folder itself, so the kernel walks only each file's own
    /// path; a stat is a path walk, so the files are looked at on every core.
    private static func notAsLeft(_ entries: [(file: String, stamp: Stamp)], in folder: String, all: Bool) -> Set<String>? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, entries.count / 1_000))
        let changed = ChangedFiles()
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var found: [String] = []
            for index in stride(from: chunk, to: entries.count, by: chunks) where all || !changed.any {
                guard stamp(of: entries[index].file, in: descriptor) != entries[index].stamp else { continue }
                if !all {
                    changed.add([entries[index].file])
                    return
                }
                found.append(entries[index].file)
            }
            changed.add(found)
        }
        return changed.files
    }
}

/// Files found changed, gathered from every core behind a lock.
private final class ChangedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var found: Set<String> = []
    var any: Bool { lock.withLock { !found.isEmpty } }
    var files: Set<String> { lock.withLock { found } }
    func add(_ files: [String]) {
        guard !files.isEmpty else { return }
        lock.withLock { found.formUnion(files) }
    }
}

extension ExportState.Stamp {
    /// The stamp of a file as `stat` describes it.
    init(_ info: stat) {
        let nanoseconds = { (time: timespec) in Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
        self.init(size: Int64(info.st_size), modified: nanoseconds(info.st_mtim), changed: nanoseconds(info.st_ctim),
                  inode: Int64(bitPattern: UInt64(info.st_ino)))
    }
}
