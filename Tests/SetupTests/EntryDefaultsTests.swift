import Setup
import XCTest

final class EntryDefaultsTests: XCTestCase {
    func testPackageNameFromConnectorId() {
        XCTAssertEqual(EntryDefaults.package(connectorId: "friendly-flix"), "FriendlyFlixSDK")
        XCTAssertEqual(EntryDefaults.package(connectorId: "default"), "DefaultSDK")
        XCTAssertEqual(EntryDefaults.package(connectorId: "my_connector"), "MyConnectorSDK")
        XCTAssertEqual(EntryDefaults.package(connectorId: "2fa"), "_2faSDK")
    }

    func testOutputDirBesideTheDataconnectFolderOrInsideTheProject() {
        XCTAssertEqual(EntryDefaults.outputDir(projectDirectory: "/app/dataconnect", connectorDirectory: "/app/dataconnect/connector"),
                       "../../dataconnect-generated/swift")
        XCTAssertEqual(EntryDefaults.outputDir(projectDirectory: "/app/backend", connectorDirectory: "/app/backend/connectors/a"),
                       "../../dataconnect-generated/swift")
        XCTAssertEqual(EntryDefaults.outputDir(projectDirectory: "/app/backend/", connectorDirectory: "/app/backend/./c"),
                       "../dataconnect-generated/swift")
    }

    func testServiceIdFromFolderName() {
        XCTAssertEqual(EntryDefaults.serviceId(folderName: "My App"), "my-app")
        XCTAssertEqual(EntryDefaults.serviceId(folderName: "ünï"), "n")
        XCTAssertEqual(EntryDefaults.serviceId(folderName: "%%"), "app")
    }
}
