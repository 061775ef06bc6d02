# Read by cpack before it packages (CPACK_PROJECT_CONFIG_FILE): without
# dpkg-shlibdeps, CPack would write a .deb whose Depends field is empty,
# which installs anywhere and then fails to run.
if(CPACK_GENERATOR STREQUAL "DEB")
  find_program(BAO_DPKG_SHLIBDEPS dpkg-shlibdeps)
  if(NOT BAO_DPKG_SHLIBDEPS)
    message(FATAL_ERROR "cpack: dpkg-shlibdeps not found (Debian package dpkg-dev, which "
                        "./setup.sh installs): it computes the .deb's Depends")
  endif()
endif()
