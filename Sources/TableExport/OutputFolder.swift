import Foundation
import Glibc

/// The folder an export writes into, opened once: page folders and files are made relative to
/// it (`mkdirat`, `openat`), so the kernel walks only the page's own path for each.
///
/// In an existing folder a changed file is written beside its place and renamed into it, so a
/// reader never sees half a page, and a file that already holds the bytes is left alone. In a
/// fresh folder (`isFresh`), which no one sees before the export is complete, files are written
/// in their places. Files are not synced one by one: an interrupted export is simply run again.
final class OutputFolder: @unchecked Sendable {
    let path: String
    let isFresh: Bool
    /// The stamp the last complete export left each page file with, by name.
    let leftAs: [String: ExportState.Stamp]
    /// The files besides pages (the sitemap) exports wrote here, when what they wrote is known
    /// (see `SiteExporter.export`): a file that stands where one of this export's goes and is
    /// neither among them nor a page `leftAs` names was put there by someone else, and is
    /// refused, never replaced. (A set of 10,001 page names made for every export would cost
    /// milliseconds: `leftAs` has them already.)
    let earlierFiles: Set<String>?
    /// Why the folder tells no file for an export's, when it has no readable record of them.
    let withoutRecord: String?
    private let descriptor: Int32
    private let lock = NSLock()
    private var madeFolders: Set<String> = []
    /// The files written into an existing folder, by name, in the order they were written.
    private var written: [String] = []
    /// The same on disk, for the next export should this one be killed.
    private let journal: WrittenJournal?
    /// The folders made in an existing folder, in the order they were made.
    private var createdFolders: [String] = []
    private var refused = false

    /// Whether a file someone else put where one of this export's goes stopped the export.
    var refusedAFile: Bool { lock.withLock { refused } }

    /// The files written into an existing folder so far: should the export stop before it
    /// records them, the next one still knows they are its own.
    var filesWritten: [String] { lock.withLock { written } }

    init(path: String, isFresh: Bool, leftAs: [String: ExportState.Stamp] = [:], earlierFiles: Set<String>? = nil, withoutRecord: String? = nil) throws {
        self.path = path
        self.isFresh = isFresh
        self.leftAs = leftAs
        self.earlierFiles = earlierFiles
        self.withoutRecord = withoutRecord
        journal = isFresh ? nil : WrittenJournal(folder: path)
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ExportError.cannotWrite(path, String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Makes the folder at `path` and those above it that are missing, as `mkdir -p` does; a
    /// refusal names the part of the path that stopped it, and why in the system's words (a
    /// file where a folder must go is said so).
    static func makeFolders(_ path: String) throws(ExportError) {
        var made = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + part
            // Permissions as the umask leaves them, as `mkdir -p` makes folders.
            guard mkdir(made, 0o777) != 0 else { continue }
            let failure = errno
            var status = stat()
            let shown = path.hasPrefix("/") ? made : String(made.dropFirst(2))
            if failure == EEXIST, stat(made, &status) == 0 {
                guard status.st_mode & S_IFMT != S_IFDIR else { continue }
                throw .cannotWrite(shown, "a file stands here, not a folder, so nothing can be written inside it")
            }
            throw .cannotWrite(shown, String(cString: strerror(failure)))
        }
    }

    /// Writes `bytes` to `name` (relative to the folder) unless the file already holds exactly
    /// these bytes; returns whether it wrote.
    func write(_ bytes: [UInt8], to name: String) throws -> Bool {
        try bytes.withUnsafeBufferPointer { try write([$0], to: name) }
    }

    /// Writes `pieces`, one after another, to `name` (relative to the folder) unless the file
    /// already holds exactly these bytes; returns whether it wrote. A file still as the last
    /// complete export left it is not read to compare when `lastWritten` says what it holds:
    /// these bytes (nothing to write) or others (a long list's changed page is not read back).
    func write(_ pieces: [UnsafeBufferPointer<UInt8>], to name: String, lastWritten: LastWritten = .unknown) throws -> Bool {
        let fullPath = path + "/" + name
        if let earlierFiles, leftAs[name] == nil, !earlierFiles.contains(name), standsInTheWay(name) {
            throw refusal(fullPath, "a file no export into this folder lists as its own stands here, and an export never replaces such a file")
        }
        let isAsLeft = !isFresh && lastWritten != .unknown && leftAs[name].map { ExportState.stamp(of: name, in: descriptor) == $0 } == true
        if isAsLeft, lastWritten == .these { return false }
        if !isFresh, !isAsLeft, let existing = FileBytes.read(fullPath), Self.same(existing, pieces) { return false }
        let folder = name.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(name[..<$0]) }
        if let folder { try make(folder) }
        if let failure = FileBytes.write(pieces, to: name, in: descriptor, replacing: !isFresh) {
            throw ExportError.cannotWrite(fullPath, String(cString: strerror(failure)))
        }
        if !isFresh {
            lock.withLock {
                written.append(name)
                journal?.append(name)
            }
        }
        return true
    }

    /// Whether someone else's file may stand at `name`: a regular file (not a folder); in a folder
    /// without a record of its exports, a link too, which a refused first export, taken back,
    /// would otherwise have replaced for good.
    private func standsInTheWay(_ name: String) -> Bool {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFREG || (withoutRecord != nil && type == S_IFLNK)
    }

    /// The export refused for what stands at `fullPath`, and what to do about it.
    private func refusal(_ fullPath: String, _ reason: String) -> ExportError {
        let advice = withoutRecord.map { " (the folder's exports are not known: \($0), \(ExportState.fileName)); move it away, or export into a new folder" }
            ?? "; move it away and export again"
        lock.withLock { refused = true }
        return ExportError.cannotWrite(fullPath, reason + advice)
    }

    /// In a folder someone else may have changed, a symbolic link where a page's folder goes
    /// (or one above it) would have the page written wherever it points: each is replaced by a
    /// folder of its own, as a link where a page's file goes is replaced by the file. Nothing it
    /// points to is touched. In a folder without a record of its exports the link may be someone's
    /// own: the export is refused, as for their file.
    private func replaceLinks(along name: String) throws {
        try Self.forEachFolder(along: name) { prefix in
            var info = stat()
            // A folder not there yet has nothing below it to look at.
            guard fstatat(descriptor, prefix, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            if info.st_mode & S_IFMT == S_IFLNK {
                if withoutRecord != nil {
                    throw refusal(path + "/" + prefix, "a symbolic link no export into this folder made stands where its folder goes, and an export never replaces it")
                }
                // Pages are written side by side: another page's write may have replaced it first.
                let unlinked = unlinkat(descriptor, prefix, 0) == 0 || errno == ENOENT
                let made = unlinked && (mkdirat(descriptor, prefix, 0o755) == 0 || errno == EEXIST)
                var now = stat()
                guard made, fstatat(descriptor, prefix, &now, AT_SYMLINK_NOFOLLOW) == 0, now.st_mode & S_IFMT == S_IFDIR else {
                    throw ExportError.cannotWrite(path + "/" + prefix, "a symbolic link stands where its folder goes and could not be replaced")
                }
            }
            return true
        }
    }

    /// Whether a file's contents are `pieces`, one after another, compared as memory.
    private static func same(_ file: [UInt8], _ pieces: [UnsafeBufferPointer<UInt8>]) -> Bool {
        guard file.count == pieces.reduce(0, { $0 + $1.count }) else { return false }
        return file.withUnsafeBufferPointer { file in
            var offset = 0
            for piece in pieces where !piece.isEmpty {
                guard memcmp(file.baseAddress! + offset, piece.baseAddress!, piece.count) == 0 else { return false }
                offset += piece.count
            }
            return true
        }
    }

    /// Makes the folder `name` once. Pages come level by level, so its parent is nearly always
    /// there already: one `mkdirat`, and a walk down the path, each folder made in the one above,
    /// only when it is not. (Relative to the open folder, never by its path: a folder removed
    /// under an interrupted export is not made again.)
    private func make(_ name: String) throws {
        guard lock.withLock({ madeFolders.insert(name).inserted }) else { return }
        if !isFresh { try replaceLinks(along: name) }
        if mkdirat(descriptor, name, 0o755) == 0 { return created(name) }
        guard errno != EEXIST else { return }
        try Self.forEachFolder(along: name) { prefix in
            if mkdirat(descriptor, prefix, 0o755) == 0 {
                created(prefix)
            } else if errno != EEXIST {
                throw ExportError.cannotWrite(path + "/" + prefix, String(cString: strerror(errno)))
            }
            return true
        }
    }

    private func created(_ folder: String) {
        if !isFresh { lock.withLock { createdFolders.append(folder) } }
    }

    /// Removes the files this export wrote into an existing folder and the folders it made
    /// there (those still empty then): for a first export refused part way, whose files no
    /// record would name, so that the folder is left as it was found.
    func takeBackWrites() {
        let (files, folders) = lock.withLock { (written, createdFolders) }
        for name in files { unlinkat(descriptor, name, 0) }
        for name in folders.reversed() { unlinkat(descriptor, name, AT_REMOVEDIR) }
    }

    /// Calls `body` with each folder of the relative path `name`, from the top (`a`, `a/b`,
    /// `a/b/c`), while it returns `true`.
    private static func forEachFolder(along name: String, _ body: (String) throws -> Bool) throws {
        var end = name.utf8.startIndex
        while end < name.utf8.endIndex {
            end = name.utf8[name.utf8.index(after: end)...].firstIndex(of: UInt8(ascii: "/")) ?? name.utf8.endIndex
            guard try body(String(name[..<end])) else { return }
        }
    }
}
