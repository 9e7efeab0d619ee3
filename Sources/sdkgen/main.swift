import CLI

CommandLineTool.main()
