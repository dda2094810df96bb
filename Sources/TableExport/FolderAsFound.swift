import Foundation

/// What an existing folder held of an export's own files before an export began: a first export
/// into it (no record of an earlier one) refused for someone else's file takes back what it
/// wrote, and leaves the folder as it was found rather than half a site in among that person's files.
struct FolderAsFound {
    let folder: String
    /// The export's own files and folder at the top, by name, that were there.
    private let present: Set<String>

    static let ownNames = ["_assets", ExportState.fileName, ExportManifest.fileName, PageRecords.fileName, WrittenJournal.fileName]

    init(_ folder: String) {
        self.folder = folder
        present = Set(Self.ownNames.filter { FileManager.default.fileExists(atPath: folder + "/" + $0) })
    }

    /// Removes the pages and folders `output` wrote and made, and those of the export's own
    /// files that were not there before it (the assets it copied among them).
    func takeBack(_ output: OutputFolder) {
        output.takeBackWrites()
        for name in Self.ownNames where !present.contains(name) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
