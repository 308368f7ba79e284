print("ormgen: not yet implemented")
